/**
 * GET /api/v2/Nutritionists/Public?limit=50&skip=&seed=: the public list, shuffled by the server with the
 * seed. The seed is drawn once per visit and kept in sessionStorage, so paging and going back show the
 * same order while a new visit shows a new one.
 *
 * Public read-only pages take the API's answers as typed (shared types), without zod: the public pages'
 * chunk stays free of the schemas, which only the forms need.
 */
import useSWR, { type SWRResponse } from 'swr';
import type { ListResponse, PublicNutritionist } from '@nutri/shared';
import { api } from '../../../api/client';
import { publicNutritionistsKey } from './public-nutritionist-keys';

export {
  NUTRITIONISTS_PAGE_SIZE,
  PUBLIC_NUTRITIONISTS_PATH,
  publicNutritionistsKey,
  visitSeed,
} from './public-nutritionist-keys';

export const listPublicNutritionists = ([path, query]: ReturnType<typeof publicNutritionistsKey>): Promise<
  ListResponse<PublicNutritionist>
> => api.get<ListResponse<PublicNutritionist>>(path, { query });

/** One page (1-based) of the shuffled list. */
export const usePublicNutritionists = (
  page: number,
  seed: number,
): SWRResponse<ListResponse<PublicNutritionist>, unknown> =>
  useSWR(publicNutritionistsKey(page, seed), listPublicNutritionists, {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
