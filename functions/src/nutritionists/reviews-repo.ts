/**
 * Customer reviews. Item `REVIEW#<reviewId>` / `REVIEW`, with an approved flag (moderation) and a
 * featured flag (shown on the home page). An approved, featured review also carries
 * `gsi1pk = REVIEWS#FEATURED` / `gsi1sk = <review date>#<reviewId>`: a sparse index, so the landing block
 * is one Query and a review leaves it as soon as either flag is cleared.
 * Access patterns:
 * - create a review once (conditional put on the table key);
 * - list approved featured reviews, newest first (gsi1 `REVIEWS#FEATURED`, descending).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/db/client';

export interface StoredReview {
  ReviewId: string;
  Text: string;
  /** As it is shown: first name and initial, e.g. "Giulia R.". */
  Author: string;
  /** Out of 5 in half steps. */
  Rating: number;
  /** Calendar day of the review, YYYY-MM-DD. */
  ReviewDate: string;
  Approved: boolean;
  Featured: boolean;
  /** The nutritionist reviewed, when the review is about one. */
  NutritionistUserId: string | null;
  createdAt: string;
}

export const FEATURED_REVIEWS_PARTITION = 'REVIEWS#FEATURED';

export const reviewKey = (reviewId: string) => ({ pk: `REVIEW#${reviewId}`, sk: 'REVIEW' });

const toReview = (item: Record<string, unknown>): StoredReview => ({
  ReviewId: String(item.ReviewId),
  Text: String(item.Text),
  Author: String(item.Author),
  Rating: Number(item.Rating),
  ReviewDate: String(item.ReviewDate),
  Approved: item.Approved === true,
  Featured: item.Featured === true,
  NutritionistUserId: typeof item.NutritionistUserId === 'string' ? item.NutritionistUserId : null,
  createdAt: String(item.createdAt),
});

// Create a review unless one with its id exists; returns whether it was created.
export const createReview = async (review: StoredReview): Promise<boolean> => {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...reviewKey(review.ReviewId),
          type: 'Review',
          ...review,
          ...(review.Approved && review.Featured
            ? { gsi1pk: FEATURED_REVIEWS_PARTITION, gsi1sk: `${review.ReviewDate}#${review.ReviewId}` }
            : {}),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

// List approved featured reviews, newest first (gsi1 `REVIEWS#FEATURED`, descending).
export const listFeaturedReviews = async (limit: number): Promise<StoredReview[]> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': FEATURED_REVIEWS_PARTITION },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toReview);
};
