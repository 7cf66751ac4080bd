/**
 * GET /api/v2/Reviews/Featured: the three customer reviews of the home page.
 *
 * Part of the landing chunk, which must stay small: the response is typed, not parsed with zod.
 */
import useSWR, { type SWRResponse } from 'swr';
import type { ListResponse, Review } from '@nutri/shared';
import { api } from '../../../api/client';

export const FEATURED_REVIEWS_KEY = '/Reviews/Featured';

export const getFeaturedReviews = async (): Promise<Review[]> =>
  (await api.get<ListResponse<Review>>(FEATURED_REVIEWS_KEY)).Data;

/** A failure hides the block (the home page stays useful without it): no toast. */
export const useFeaturedReviews = (): SWRResponse<Review[], unknown> =>
  useSWR(FEATURED_REVIEWS_KEY, getFeaturedReviews, { revalidateOnFocus: false, onError: () => undefined });
