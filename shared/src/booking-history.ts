/**
 * A booking's history (docs/product.md#back-office-bookings): every change, payment, refund, reminder,
 * mail (with its delivery status) and video-room entry, recorded where it commits. Shared by the handlers
 * that record and answer it and the back-office pages that show it.
 */
import type { EmailEvent } from './domain';

export const BOOKING_HISTORY_KINDS = [
  'created',
  'moved',
  'cancelled',
  'expired',
  'completed',
  'paid',
  'late-payment',
  'refund',
  'reminder',
  'mail',
  'video-entered',
  'video-left',
  'payment-link',
] as const;
export type BookingHistoryKind = (typeof BOOKING_HISTORY_KINDS)[number];

/** Who caused an event: a person (with their role) or the service itself (jobs, webhooks). */
export type BookingHistoryActorRole = 'Patient' | 'Nutritionist' | 'BusinessAdmin' | 'System';

export interface BookingHistoryEventView {
  EventId: string;
  BookingId: number;
  PatientUserId: string;
  NutritionistUserId: string;
  Kind: BookingHistoryKind;
  /** ISO instant. */
  At: string;
  ActorRole: BookingHistoryActorRole;
  ActorUserId: string | null;
  /** The actor's display name, filled in by the back office (null for the service). */
  ActorName?: string | null;
  /** Why: the cancel reason id's label, or what a back-office user wrote. */
  Reason: string | null;
  /**
   * What precisely happened, ids and plain values only (never health data): e.g. `From`/`To` of a move,
   * `Status` after a cancel, `Amount` in cents, `State` of a refund, `Reminder` kind, a mail's
   * `Recipient`, `MailKind` and `LastEvent` (its delivery status), `Party` of a video entry.
   */
  Details: Record<string, string | number | boolean | null>;
}

export const bookingHistoryKindLabels: Record<BookingHistoryKind, string> = {
  created: 'Appuntamento creato',
  moved: 'Appuntamento spostato',
  cancelled: 'Appuntamento annullato',
  expired: 'Annullato per mancato pagamento',
  completed: 'Appuntamento completato',
  paid: 'Pagamento ricevuto',
  'late-payment': 'Pagamento arrivato in ritardo',
  refund: 'Rimborso',
  reminder: 'Promemoria inviato',
  mail: 'E-mail',
  'video-entered': 'Ingresso in videochiamata',
  'video-left': 'Uscita dalla videochiamata',
  'payment-link': 'Link di pagamento inviato di nuovo',
};

export const bookingHistoryActorLabels: Record<BookingHistoryActorRole, string> = {
  Patient: 'Paziente',
  Nutritionist: 'Nutrizionista',
  BusinessAdmin: 'Amministrazione',
  System: 'Sistema',
};

/** A mail's delivery status as the history shows it (null: not yet reported by the mail service). */
export type BookingMailStatus = EmailEvent | null;
