/**
 * GET /api/v2/Nutritionists/Public/{userId}/Reviews: a nutritionist's reviews approved by the staff,
 * newest first, a page at a time. Typed, not parsed with zod (the content chunk stays without zod).
 */
import type { ListResponse, Review } from '@nutri/shared';
import { api, apiPath } from '../../../api/client';
import { useCursorList } from '../../../api/cursor-list';
import { PAGE_SIZE } from '../../../lib/shared-values';

export const useNutritionistReviews = (userId: string | undefined) => {
  const { items, isLoadingMore, hasMore, loadMore } = useCursorList(
    userId ? apiPath('Nutritionists', 'Public', userId, 'Reviews') : null,
    { limit: PAGE_SIZE.pickers },
    ([path, query]) => api.get<ListResponse<Review>>(path, { query }),
    // The profile reads fine without its reviews: a failure hides the section instead of a toast.
    { revalidateOnFocus: false, onError: () => undefined },
  );
  return { reviews: items, isLoadingMore, hasMore, loadMore };
};
