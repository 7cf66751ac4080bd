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
import { PAGE_SIZE } from '../../../lib/shared-values';

export const PUBLIC_NUTRITIONISTS_PATH = '/Nutritionists/Public';
export const NUTRITIONISTS_PAGE_SIZE = PAGE_SIZE.nutritionistList;

const SEED_STORAGE_KEY = 'nutri.nutritionistsSeed';
const MAX_SEED = 2 ** 31 - 1;

const randomSeed = () => {
  const value = new Uint32Array(1);
  crypto.getRandomValues(value);
  return value[0]! % MAX_SEED;
};

let memorySeed: number | null = null;

/** This visit's seed: from sessionStorage, or drawn now and stored (in memory when storage is blocked). */
export const visitSeed = (): number => {
  try {
    const stored = Number(sessionStorage.getItem(SEED_STORAGE_KEY));
    if (Number.isInteger(stored) && stored > 0 && stored <= MAX_SEED) return stored;
    const seed = randomSeed() || 1;
    sessionStorage.setItem(SEED_STORAGE_KEY, String(seed));
    return seed;
  } catch {
    memorySeed ??= randomSeed() || 1;
    return memorySeed;
  }
};

export const publicNutritionistsKey = (page: number, seed: number) =>
  [
    PUBLIC_NUTRITIONISTS_PATH,
    { limit: NUTRITIONISTS_PAGE_SIZE, skip: (page - 1) * NUTRITIONISTS_PAGE_SIZE, seed },
  ] as const;

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
