/** GET Reviews/Featured: the three customer reviews of the landing block (spec sections 1 and 3). */
import type { Review } from '@nutri/shared';
import { defineOperation } from '../http/operation';
import { listFeaturedReviews as listFeatured, type StoredReview } from './reviews-repo';

export const FEATURED_REVIEWS_COUNT = 3;

/** YYYY-MM-DD -> DD/MM/YYYY, the product's date format (spec section 9). */
const toDateStr = (day: string) => day.split('-').reverse().join('/');

export const toReview = (review: StoredReview): Review => ({
  ReviewId: review.ReviewId,
  text: review.Text,
  author: review.Author,
  DateStr: toDateStr(review.ReviewDate),
  Rating: review.Rating,
});

export const listFeaturedReviews = defineOperation({}, async () => {
  const reviews = (await listFeatured(FEATURED_REVIEWS_COUNT)).map(toReview);
  return { Data: reviews, Count: reviews.length, NextCursor: null };
});
