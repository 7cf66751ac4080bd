/**
 * What the business dashboards count of a review (docs/product.md#business-dashboards): the rating a patient
 * gave a nutritionist's visit, counted once approved.
 */
import type { ReviewFact } from '../platform/dashboard-facts';
import { toReview } from './reviews-repo';

/** The fact of a stored review written by a patient about a nutritionist; null for any other item. */
export const reviewFactOfItem = (item: Record<string, unknown>): ReviewFact | null => {
  if (item.type !== 'Review') return null;
  const review = toReview(item);
  if (!review.PatientUserId || !review.NutritionistUserId) return null;
  return {
    kind: 'review',
    id: review.ReviewId,
    revision: String(Date.parse(review.ModeratedAt ?? review.createdAt) || 0),
    subject: review.PatientUserId,
    NutritionistUserId: review.NutritionistUserId,
    Rating: review.Rating,
    ReviewDate: review.ReviewDate,
    Approved: review.Status === 'Approved',
  };
};
