/**
 * Customer reviews. Item `REVIEW#<reviewId>` / `REVIEW` with a moderation `Status` (Pending, Approved,
 * Rejected) and a featured flag (shown on the home page). Index keys are derived in one place
 * (`reviewIndexKeys`) from the status, so a review is in exactly the lists its status allows:
 * - gsi1 `REVIEWS#FEATURED` / `<review date>#<reviewId>`: approved and featured (sparse; landing block);
 * - gsi2 `NUTRITIONIST#<id>#REVIEWS` / `<review date>#<createdAt>#<reviewId>`: approved reviews of a
 *   nutritionist (sparse; public profile);
 * - gsi3 `REVIEWS#<STATUS>` / `<createdAt>#<reviewId>`: every review by status (moderation queue).
 * A patient's review of a visit is written with the guard `REVIEWBOOKING#<bookingId>` / `UNIQUE` in one
 * transaction, so a visit gets at most one review however many requests race.
 * Access patterns:
 * - create a review once (conditional put on the table key; seeds);
 * - create the one review of a visit (TransactWriteItems: review + booking guard);
 * - get a review; find the review of a visit (guard -> review);
 * - which of some visits have a review (BatchGet on the guards);
 * - list approved featured reviews, newest first (gsi1, descending);
 * - list a nutritionist's approved reviews, newest first (gsi2, descending);
 * - list reviews of a status, oldest first for the queue (gsi3);
 * - change the status unless another moderation changed it first (conditional update on Status).
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REVIEW_STATUSES, type ReviewStatus } from '@nutri/shared';
import { batchGet } from '../platform/db/batch-get';
import { db, tableName } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';
import { queryPage } from '../platform/db/query';
import { transact } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';
import { outboxPut } from '../platform/outbox';
import { publicPagesTopic } from '../platform/public-pages-topic';

export interface StoredReview {
  ReviewId: string;
  Text: string;
  /** As it is shown: first name and initial, e.g. "Giulia R.". */
  Author: string;
  /** Out of 5 in half steps. */
  Rating: number;
  /** Calendar day of the review (Rome), YYYY-MM-DD. */
  ReviewDate: string;
  Status: ReviewStatus;
  Featured: boolean;
  /** The nutritionist reviewed, when the review is about one. */
  NutritionistUserId: string | null;
  /** The visit reviewed, for reviews patients write. */
  BookingId: number | null;
  PatientUserId: string | null;
  createdAt: string;
  ModeratedAt: string | null;
  /** BusinessAdmin who approved or rejected it. */
  ModeratedBy: string | null;
}

export const FEATURED_REVIEWS_PARTITION = 'REVIEWS#FEATURED';
export const nutritionistReviewsPartition = (nutritionistUserId: string) =>
  `NUTRITIONIST#${nutritionistUserId}#REVIEWS`;
export const reviewStatusPartition = (status: ReviewStatus) => `REVIEWS#${status.toUpperCase()}`;

export const reviewKey = (reviewId: string) => ({ pk: `REVIEW#${reviewId}`, sk: 'REVIEW' });
const bookingGuardKey = (bookingId: number) => ({ pk: `REVIEWBOOKING#${bookingId}`, sk: 'UNIQUE' });

type IndexKeys = Partial<Record<'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'gsi3pk' | 'gsi3sk', string>>;

/** The index keys a review has in its status: the one place they are composed. */
export const reviewIndexKeys = (review: StoredReview): IndexKeys => {
  const approved = review.Status === 'Approved';
  return {
    ...(approved && review.Featured
      ? { gsi1pk: FEATURED_REVIEWS_PARTITION, gsi1sk: `${review.ReviewDate}#${review.ReviewId}` }
      : {}),
    ...(approved && review.NutritionistUserId
      ? {
          gsi2pk: nutritionistReviewsPartition(review.NutritionistUserId),
          gsi2sk: `${review.ReviewDate}#${review.createdAt}#${review.ReviewId}`,
        }
      : {}),
    gsi3pk: reviewStatusPartition(review.Status),
    gsi3sk: `${review.createdAt}#${review.ReviewId}`,
  };
};

export const reviewItem = (review: StoredReview) => ({
  ...reviewKey(review.ReviewId),
  type: 'Review',
  ...review,
  ...reviewIndexKeys(review),
});

const isStatus = (value: unknown): value is ReviewStatus =>
  typeof value === 'string' && (REVIEW_STATUSES as readonly string[]).includes(value);

export const toReview = (item: Record<string, unknown>): StoredReview => ({
  ReviewId: String(item.ReviewId),
  Text: String(item.Text),
  Author: String(item.Author),
  Rating: Number(item.Rating),
  ReviewDate: String(item.ReviewDate),
  // Items written before moderation existed carry only the `Approved` flag.
  Status: isStatus(item.Status) ? item.Status : item.Approved === true ? 'Approved' : 'Pending',
  Featured: item.Featured === true,
  NutritionistUserId: typeof item.NutritionistUserId === 'string' ? item.NutritionistUserId : null,
  BookingId: typeof item.BookingId === 'number' ? item.BookingId : null,
  PatientUserId: typeof item.PatientUserId === 'string' ? item.PatientUserId : null,
  createdAt: String(item.createdAt),
  ModeratedAt: typeof item.ModeratedAt === 'string' ? item.ModeratedAt : null,
  ModeratedBy: typeof item.ModeratedBy === 'string' ? item.ModeratedBy : null,
});

// Create a review unless one with its id exists; returns whether it was created.
export const createReview = async (review: StoredReview): Promise<boolean> => {
  return writtenIfConditionHolds(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: reviewItem(review),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
};

// Create the one review of a visit with its booking guard; false when the visit already has one.
export const createBookingReview = async (review: StoredReview & { BookingId: number }): Promise<boolean> => {
  const failure = await transact<DomainError | 'reviewed'>(
    [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...bookingGuardKey(review.BookingId),
              type: 'ReviewBookingGuard',
              ReviewId: review.ReviewId,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        // Another review of the visit committed first.
        failure: 'reviewed',
      },
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: reviewItem(review),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        failure: new DomainError('conflict'),
      },
    ],
    // Two reviews of the visit at the same moment: neither committed, the caller may try again.
    { contended: new DomainError('conflict') },
  );
  if (failure === 'reviewed') return false;
  if (failure) throw failure;
  return true;
};

// Get a review by id (table key).
export const getReview = async (reviewId: string): Promise<StoredReview | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: reviewKey(reviewId), ConsistentRead: true }),
  );
  return Item ? toReview(Item) : null;
};

// The review of a visit: its booking guard names it.
export const findReviewOfBooking = async (bookingId: number): Promise<StoredReview | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: bookingGuardKey(bookingId), ConsistentRead: true }),
  );
  return Item ? getReview(String(Item.ReviewId)) : null;
};

// Which of the given visits have a review (BatchGet on their guards, unprocessed keys asked again).
export const reviewedBookingIds = async (bookingIds: readonly number[]): Promise<Set<number>> => {
  const reviewed = new Set<number>();
  for (const item of await batchGet(bookingIds.map(bookingGuardKey), { attributes: ['pk'] }))
    reviewed.add(Number(String(item.pk).slice('REVIEWBOOKING#'.length)));
  return reviewed;
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

// A page of a nutritionist's approved reviews, newest first (gsi2 `NUTRITIONIST#<id>#REVIEWS`, descending).
export const listApprovedReviewsOf = async (
  nutritionistUserId: string,
  limit: number,
  cursor: Record<string, unknown> | undefined,
) => {
  const page = await queryPage(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': nutritionistReviewsPartition(nutritionistUserId) },
      ScanIndexForward: false,
    },
    { limit, cursor, keyAttributes: ['pk', 'sk', 'gsi2pk', 'gsi2sk'] },
  );
  return { reviews: page.items.map(toReview), next: page.next };
};

// A page of the reviews in one status (gsi3 `REVIEWS#<STATUS>`): the queue oldest first, the rest newest first.
export const listReviewsByStatus = async (
  status: ReviewStatus,
  limit: number,
  cursor: Record<string, unknown> | undefined,
) => {
  const page = await queryPage(
    {
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': reviewStatusPartition(status) },
      ScanIndexForward: status === 'Pending',
    },
    { limit, cursor, keyAttributes: ['pk', 'sk', 'gsi3pk', 'gsi3sk'] },
  );
  return { reviews: page.items.map(toReview), next: page.next };
};

/**
 * Moves a review to another status with its index keys, only if its status is still the one read
 * (returns null when another moderation changed it first). `publicPages`: the public pages it shows on,
 * queued for prerendering in the same transaction (platform/public-pages-topic.ts).
 */
export const setReviewStatus = async (
  review: StoredReview,
  status: ReviewStatus,
  moderatorUserId: string,
  at: Date,
  publicPages: readonly string[] = [],
): Promise<StoredReview | null> => {
  const updated: StoredReview = {
    ...review,
    Status: status,
    ModeratedAt: at.toISOString(),
    ModeratedBy: moderatorUserId,
  };
  const keys = reviewIndexKeys(updated);
  const set: Record<string, unknown> = {
    Status: status,
    ModeratedAt: updated.ModeratedAt,
    ModeratedBy: moderatorUserId,
    ...keys,
  };
  // Index keys the new status does not have leave the item, and with them the lists they served.
  const remove = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'Approved'].filter((name) => !(name in keys));
  const setNames = Object.keys(set);
  const names: Record<string, string> = {};
  setNames.forEach((name, index) => (names[`#s${index}`] = name));
  remove.forEach((name, index) => (names[`#r${index}`] = name));
  const values: Record<string, unknown> = { ':read': review.Status };
  setNames.forEach((name, index) => (values[`:s${index}`] = set[name]));
  const update =
    `SET ${setNames.map((_, index) => `#s${index} = :s${index}`).join(', ')}` +
    (remove.length ? ` REMOVE ${remove.map((_, index) => `#r${index}`).join(', ')}` : '');
  const statusUpdate = {
    TableName: tableName(),
    Key: reviewKey(review.ReviewId),
    UpdateExpression: update,
    // #s0 is Status (the first key of `set`). Items written before moderation existed have no Status:
    // their read status stands in for it.
    ConditionExpression: 'attribute_exists(pk) AND (#s0 = :read OR attribute_not_exists(#s0))',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
  const written = publicPages.length
    ? (await transact<'changed'>(
        [
          { item: { Update: statusUpdate }, failure: 'changed' },
          { item: outboxPut(publicPagesTopic.entry({ paths: [...publicPages] }, at)) },
        ],
        { contended: 'changed' },
      )) === null
    : await writtenIfConditionHolds(db().send(new UpdateCommand(statusUpdate)));
  return written ? updated : null;
};
