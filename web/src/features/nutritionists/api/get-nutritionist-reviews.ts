/**
 * GET /api/v2/Nutritionists/Public/{userId}/Reviews: a nutritionist's reviews approved by the staff,
 * newest first, a page at a time. Typed, not parsed with zod (the content chunk stays without zod).
 */
import useSWRInfinite from 'swr/infinite';
import type { ListResponse, Review } from '@nutri/shared';
import { api, apiPath } from '../../../api/client';
import { PAGE_SIZE } from '../../../lib/shared-values';

type PageKey = readonly [string, { limit: number; cursor?: string }];

export const useNutritionistReviews = (userId: string | undefined) => {
  const pages = useSWRInfinite<ListResponse<Review>>(
    (index, previous: ListResponse<Review> | null): PageKey | null => {
      if (!userId || (index > 0 && !previous?.NextCursor)) return null;
      return [
        apiPath('Nutritionists', 'Public', userId, 'Reviews'),
        {
          limit: PAGE_SIZE.pickers,
          ...(index > 0 && previous?.NextCursor ? { cursor: previous.NextCursor } : {}),
        },
      ];
    },
    ([path, query]: PageKey) => api.get<ListResponse<Review>>(path, { query }),
    // The profile reads fine without its reviews: a failure hides the section instead of a toast.
    { revalidateOnFocus: false, onError: () => undefined },
  );
  const last = pages.data?.[pages.data.length - 1];
  return {
    reviews: pages.data?.flatMap((page) => page.Data),
    isLoadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    hasMore: Boolean(last?.NextCursor),
    loadMore: () => pages.setSize(pages.size + 1),
  };
};
