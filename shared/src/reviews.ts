/**
 * Reviews of visits (docs/product.md#screens, #data and #limits): a patient rates a completed visit once, out of 5 in half
 * steps, with a short text; a BusinessAdmin approves it before it shows on the nutritionist's public
 * profile. The request schema is the one the review form and the handler both use.
 */
import * as z from 'zod';
import { reviewSchema } from './nutritionists';
import { multiLineCheck } from './text';

export const REVIEW_TEXT_LENGTH = { min: 10, max: 1000 } as const;

/** Pending until an admin decides; only Approved reviews are public. */
export const REVIEW_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  Pending: 'In attesa di approvazione',
  Approved: 'Pubblicata',
  Rejected: 'Non pubblicata',
};

export const reviewTexts = {
  ratingRequired: 'Scegli una valutazione da mezza stella a 5 stelle.',
  ratingStep: 'La valutazione va da 0,5 a 5 stelle, a passi di mezza stella.',
  textRequired: 'Racconta in qualche parola com’è andata la visita.',
  textTooShort: `Scrivi almeno ${REVIEW_TEXT_LENGTH.min} caratteri.`,
  textTooLong: `Massimo ${REVIEW_TEXT_LENGTH.max} caratteri.`,
  bookingNotFound: 'Appuntamento non trovato.',
  notComplete: 'Puoi recensire una visita solo dopo che è stata completata.',
  alreadyReviewed: 'Hai già lasciato una recensione per questa visita.',
  noReviewYet: 'Non hai ancora lasciato una recensione per questa visita.',
  reviewNotFound: 'Recensione non trovata.',
  sent: 'Grazie! La tua recensione sarà pubblicata dopo la verifica del nostro staff.',
  approved: 'Recensione approvata: ora è visibile nel profilo del nutrizionista.',
  rejected: 'Recensione rifiutata: non sarà pubblicata.',
} as const;

/** POST CurrentPatient/Bookings/{id}/Review: field names of docs/product.md#data (Rating, text). */
export const createReviewSchema = z.strictObject({
  Rating: z
    .number({ error: reviewTexts.ratingRequired })
    .min(0.5, { error: reviewTexts.ratingRequired })
    .max(5, { error: reviewTexts.ratingStep })
    .multipleOf(0.5, { error: reviewTexts.ratingStep }),
  text: multiLineCheck(
    z
      .string({ error: reviewTexts.textRequired })
      .trim()
      .min(1, { error: reviewTexts.textRequired, abort: true })
      .min(REVIEW_TEXT_LENGTH.min, { error: reviewTexts.textTooShort, abort: true })
      .max(REVIEW_TEXT_LENGTH.max, { error: reviewTexts.textTooLong, abort: true }),
  ),
});
export type CreateReviewRequest = z.infer<typeof createReviewSchema>;

/** The patient's own review of a visit (GET/POST CurrentPatient/Bookings/{id}/Review). */
export const ownReviewSchema = reviewSchema.extend({
  BookingId: z.number().int().positive(),
  Status: z.enum(REVIEW_STATUSES),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** A review as the moderation page lists it (GET Reviews, POST Reviews/{id}/Approve|Reject; BusinessAdmin). */
export const moderatedReviewSchema = reviewSchema.extend({
  Status: z.enum(REVIEW_STATUSES),
  BookingId: z.number().int().positive().nullable(),
  Nutritionist: z.object({ UserId: z.string(), DisplayName: z.string() }).nullable(),
  /** ISO instants. */
  CreatedAt: z.string(),
  ModeratedAt: z.string().nullable(),
});
export type ModeratedReview = z.infer<typeof moderatedReviewSchema>;

/** A completed visit the patient has not reviewed yet (GET CurrentPatient/VisitsToReview). */
export const visitToReviewSchema = z.object({
  BookingId: z.number().int().positive(),
  /** ISO instant. */
  BookingTime: z.string(),
  BookingTypeId: z.number().int(),
  BookingType: z.object({ Name: z.string() }),
  Nutritionist: z.object({ UserId: z.string(), DisplayName: z.string() }),
});
export type VisitToReview = z.infer<typeof visitToReviewSchema>;
