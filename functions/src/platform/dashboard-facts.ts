/**
 * What the business dashboards (docs/product.md#business-dashboards) learn from a stored item: each owning
 * area turns its own items into one of these facts (it alone knows its keys and attributes), and the
 * dashboards area folds the facts of one patient into its aggregates. `revision` orders two states of the
 * same item: a state older than the one already counted is ignored, an equal one changes nothing, so a
 * stream record delivered twice or replayed late never counts twice.
 */

export interface BookingFact {
  kind: 'booking';
  id: string;
  /** The booking's `version`: every rewrite of the booking raises it. */
  revision: string;
  subject: string;
  BookingId: number;
  NutritionistUserId: string;
  BookingTypeId: number;
  BookingStatusId: number;
  /** ISO instants. */
  BookingTime: string;
  CreatedAt: string;
  /** The payment received (late ones too, they are refunded later), cents. */
  PaidAt: string | null;
  AmountPaid: number;
  /** A refund issued and not failed, cents. */
  RefundedAt: string | null;
  RefundAmount: number;
}

export interface PatientFact {
  kind: 'patient';
  id: string;
  /** Milliseconds of the profile's `updatedAt`. */
  revision: string;
  subject: string;
  RegisteredAt: string;
  /** When the questionnaire the patient registered with was received (null: registered without one). */
  QuestionnaireAt: string | null;
  NutritionistUserId: string | null;
  /** How the patient reached their nutritionist (docs/product.md#business-dashboards). */
  Source: PatientSource;
}

export type PatientSource = 'questionnaire' | 'rematch' | 'admin' | 'none';
export const PATIENT_SOURCES: readonly PatientSource[] = ['questionnaire', 'rematch', 'admin', 'none'];

export interface QuestionnaireFact {
  kind: 'questionnaire';
  id: string;
  /**
   * The stream record's sequence number (a registration claims the questionnaire, a failed one releases it:
   * the item has no version of its own); `0` when read from the table by the rebuild.
   */
  revision: string;
  /** Always the questionnaire itself (`Q<submissionId>`): its patient's journey gets its date from the patient fact. */
  subject: string;
  ReceivedAt: string;
  PatientUserId: string | null;
}

export interface ReviewFact {
  kind: 'review';
  id: string;
  /** Milliseconds of the last moderation (or of the creation). */
  revision: string;
  subject: string;
  NutritionistUserId: string;
  /** Out of 5 in half steps. */
  Rating: number;
  ReviewDate: string;
  Approved: boolean;
}

export type DashboardFact = BookingFact | PatientFact | QuestionnaireFact | ReviewFact;

/** The subject of a questionnaire nobody registered with yet. */
export const questionnaireSubject = (submissionId: string) => `Q${submissionId}`;

/** Revisions are whole numbers as decimal strings (stream sequence numbers exceed a double's precision). */
export const compareRevisions = (a: string, b: string) =>
  a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
