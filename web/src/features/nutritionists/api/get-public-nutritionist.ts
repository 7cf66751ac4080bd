/** GET /api/v2/Nutritionists/Public/FriendlyUrl/{friendlyUrl}: one public profile (404 when hidden or unknown). */
import useSWR, { type SWRResponse } from 'swr';
import type { PublicNutritionist } from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import { errorTexts } from '../../../lib/shared-values';
import { showErrorToast } from '../../../ui/notify';

import { publicNutritionistByUrlKey } from './public-nutritionist-keys';

export { publicNutritionistByUrlKey } from './public-nutritionist-keys';

/** Typed, not parsed with zod (see list-public-nutritionists.ts). */
export const getPublicNutritionistByUrl = (key: string): Promise<PublicNutritionist> =>
  api.get<PublicNutritionist>(key);

export const usePublicNutritionist = (
  friendlyUrl: string | undefined,
): SWRResponse<PublicNutritionist, unknown> =>
  useSWR(friendlyUrl ? publicNutritionistByUrlKey(friendlyUrl) : null, getPublicNutritionistByUrl, {
    revalidateOnFocus: false,
    onError: (error: unknown) => {
      if (!isApiError(error, 404)) showErrorToast(errorTexts.cannotLoadData, { id: 'nutritionist-profile' });
    },
  });
