/**
 * Customer reviews (docs/product.md#overview, #screens and #data): the three of the landing block, a patient's review of a
 * completed visit (once per visit), the BusinessAdmin moderation, and the approved reviews a
 * nutritionist's public profile shows. Nothing a patient writes is public before an admin approves it.
 */
import {
  BOOKING_TYPES,
  BookingStatus,
  PAGE_SIZE,
  REVIEW_STATUSES,
  createReviewSchema,
  reviewTexts,
  romeDate,
  type ModeratedReview,
  type OwnReview,
  type Review,
  type ReviewStatus,
  type VisitToReview,
} from '@nutri/shared';
import * as z from 'zod';
import { getDisplayNames, getUser } from '../accounts';
import { AppError, notFound } from '../http/errors';
import { created, defineOperation } from '../http/operation';
import { idPath } from '../http/path-id';
import { now } from '../platform/clock';
import { pageCursor } from '../platform/db/cursor';
import { newId } from '../platform/ids';
// Reviews are about visits: their ownership and state are read from the bookings area, never written.
import { collaborators } from './collaborators';
import { NUTRITIONIST_NOT_FOUND } from './public-nutritionists';
import { getNutritionistProfile } from './public-profiles-repo';
import {
  createBookingReview,
  findReviewOfBooking,
  getReview,
  listApprovedReviewsOf,
  listFeaturedReviews as listFeatured,
  listReviewsByStatus,
  reviewedBookingIds,
  setReviewStatus,
  type StoredReview,
} from './reviews-repo';

export const FEATURED_REVIEWS_COUNT = 3;
/** Completed visits the patient home offers to review, newest first. */
export const VISITS_TO_REVIEW_COUNT = 3;

/** YYYY-MM-DD -> DD/MM/YYYY, the product's date format (docs/product.md#limits). */
const toDateStr = (day: string) => day.split('-').reverse().join('/');

export const toReview = (review: StoredReview): Review => ({
  ReviewId: review.ReviewId,
  text: review.Text,
  author: review.Author,
  DateStr: toDateStr(review.ReviewDate),
  Rating: review.Rating,
});

const toOwnReview = (review: StoredReview & { BookingId: number }): OwnReview => ({
  ...toReview(review),
  BookingId: review.BookingId,
  Status: review.Status,
});

/**
 * How a patient signs a public review: first name and the initial of the last word of the name
 * ("Paola Bianchi" -> "Paola B."), never the full name.
 */
export const reviewAuthor = (name: string) => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Paziente Nutrì';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : null;
  return last ? `${first} ${last.charAt(0).toLocaleUpperCase('it-IT')}.` : first;
};

const reviewPath = z.object({ id: z.string().min(1).max(100) });
const pageQuery = (defaultLimit: number) => ({
  limit: z.coerce.number().int().min(1).max(50).default(defaultLimit),
  cursor: z.string().max(2000).optional(),
});

export const listFeaturedReviews = defineOperation('public', {}, async () => {
  const reviews = (await listFeatured(FEATURED_REVIEWS_COUNT)).map(toReview);
  return { Data: reviews, Count: reviews.length, NextCursor: null };
});

// POST CurrentPatient/Bookings/{id}/Review: once per completed visit of the caller's own.
export const createVisitReview = defineOperation(
  ['Patient'],
  { path: idPath, body: createReviewSchema },
  async ({ actor, path, body }) => {
    const booking = await collaborators().requireOwnVisit(actor, path.id, reviewTexts.bookingNotFound);
    if (booking.BookingStatusId !== BookingStatus.COMPLETE)
      throw new AppError('unprocessable', reviewTexts.notComplete);
    const user = await getUser(booking.PatientUserId);
    const at = now();
    const review = {
      ReviewId: newId(),
      Text: body.text,
      Author: reviewAuthor(user?.Name || user?.DisplayName || ''),
      Rating: body.Rating,
      ReviewDate: romeDate(at),
      Status: 'Pending' as const,
      Featured: false,
      NutritionistUserId: booking.NutritionistUserId,
      BookingId: booking.BookingId,
      PatientUserId: booking.PatientUserId,
      createdAt: at.toISOString(),
      ModeratedAt: null,
      ModeratedBy: null,
    };
    if (!(await createBookingReview(review))) throw new AppError('conflict', reviewTexts.alreadyReviewed);
    return created(toOwnReview(review));
  },
);

// GET CurrentPatient/Bookings/{id}/Review: the caller's review of their visit, with its moderation status.
export const getVisitReview = defineOperation(['Patient'], { path: idPath }, async ({ actor, path }) => {
  const booking = await collaborators().requireOwnVisit(actor, path.id, reviewTexts.bookingNotFound);
  const review = await findReviewOfBooking(booking.BookingId);
  if (!review) throw notFound(reviewTexts.noReviewYet);
  return toOwnReview({ ...review, BookingId: booking.BookingId });
});

// GET CurrentPatient/VisitsToReview: the newest completed visits still without a review.
export const listVisitsToReview = defineOperation(['Patient'], {}, async ({ actor }) => {
  const patientUserId = actor.userId;
  // A handful of the newest completed visits is enough: older ones are not worth a prompt.
  const bookings = await collaborators().listNewestCompletedVisits(patientUserId, 5);
  const reviewed = await reviewedBookingIds(bookings.map((booking) => booking.BookingId));
  const open = bookings
    .filter((booking) => !reviewed.has(booking.BookingId))
    .slice(0, VISITS_TO_REVIEW_COUNT);
  const names = await getDisplayNames(open.map((booking) => booking.NutritionistUserId));
  const visits: VisitToReview[] = open.map((booking) => ({
    BookingId: booking.BookingId,
    BookingTime: booking.BookingTime,
    BookingTypeId: booking.BookingTypeId,
    BookingType: { Name: BOOKING_TYPES[booking.BookingTypeId].Name },
    Nutritionist: {
      UserId: booking.NutritionistUserId,
      DisplayName: names.get(booking.NutritionistUserId) ?? '',
    },
  }));
  return { Data: visits, Count: visits.length, NextCursor: null };
});

// GET Nutritionists/Public/{userId}/Reviews: approved reviews of a public nutritionist, newest first.
export const listNutritionistReviews = defineOperation(
  'public',
  {
    path: z.object({ userId: z.string().min(1).max(100) }),
    query: z.strictObject(pageQuery(PAGE_SIZE.pickers)),
  },
  async ({ path, query }) => {
    const profile = await getNutritionistProfile(path.userId);
    // A hidden profile's reviews are as unknown as the profile itself.
    if (!profile?.IsPublic) throw notFound(NUTRITIONIST_NOT_FOUND);
    const cursor = pageCursor('approved-reviews', path.userId);
    const page = await listApprovedReviewsOf(path.userId, query.limit, await cursor.decode(query.cursor));
    return {
      Data: page.reviews.map(toReview),
      Count: page.reviews.length,
      NextCursor: await cursor.encode(page.next),
    };
  },
);

const toModeratedReviews = async (reviews: readonly StoredReview[]): Promise<ModeratedReview[]> => {
  const names = await getDisplayNames(
    reviews.flatMap((review) => (review.NutritionistUserId ? [review.NutritionistUserId] : [])),
  );
  return reviews.map((review) => ({
    ...toReview(review),
    Status: review.Status,
    BookingId: review.BookingId,
    Nutritionist: review.NutritionistUserId
      ? { UserId: review.NutritionistUserId, DisplayName: names.get(review.NutritionistUserId) ?? '' }
      : null,
    CreatedAt: review.createdAt,
    ModeratedAt: review.ModeratedAt,
  }));
};

// GET Reviews?status=Pending (BusinessAdmin): the moderation queue (oldest first) or the decided ones.
export const listReviewsForModeration = defineOperation(
  ['BusinessAdmin'],
  {
    query: z.strictObject({
      status: z
        .enum(REVIEW_STATUSES, { error: 'Stato non valido: Pending, Approved o Rejected.' })
        .default('Pending'),
      ...pageQuery(PAGE_SIZE.patientBookings),
    }),
  },
  async ({ query }) => {
    const cursor = pageCursor('reviews-by-status', query.status);
    const page = await listReviewsByStatus(query.status, query.limit, await cursor.decode(query.cursor));
    return {
      Data: await toModeratedReviews(page.reviews),
      Count: page.reviews.length,
      NextCursor: await cursor.encode(page.next),
    };
  },
);

/**
 * An admin decision. Approving publishes a pending or rejected review; rejecting hides a pending or an
 * approved one. Deciding what is already decided answers the review unchanged (a double click is harmless).
 */
const moderate = (status: ReviewStatus) =>
  defineOperation(['BusinessAdmin'], { path: reviewPath }, async ({ actor, path }) => {
    const moderatorUserId = actor.userId;
    const review = await getReview(path.id);
    if (!review) throw notFound(reviewTexts.reviewNotFound);
    if (review.Status === status) return (await toModeratedReviews([review]))[0];
    const updated = await setReviewStatus(
      review,
      status,
      moderatorUserId,
      now(),
      await pagesShowing(review, status),
    );
    if (!updated) throw new AppError('conflict');
    return (await toModeratedReviews([updated]))[0];
  });

/**
 * The public pages a review shows on while approved (its nutritionist's public profile; the fixed pages,
 * home included, are prerendered again with any of them), when the decision publishes or withdraws it.
 */
const pagesShowing = async (review: StoredReview, status: ReviewStatus): Promise<string[]> => {
  if (review.Status !== 'Approved' && status !== 'Approved') return [];
  const profile = review.NutritionistUserId ? await getNutritionistProfile(review.NutritionistUserId) : null;
  return [profile?.IsPublic && profile.ProfilePageUrl ? `/Nutritionists/${profile.ProfilePageUrl}` : '/'];
};

export const approveReview = moderate('Approved');
export const rejectReview = moderate('Rejected');
