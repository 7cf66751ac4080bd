/**
 * The back office's bookings screen and patient search (docs/product.md#back-office-bookings and
 * #patient-search): query and action schemas shared by the page's forms and the handlers, and the shapes
 * they answer.
 */
import * as z from 'zod';
import { bookingTimeSchema, calendarDateSchema } from './booking-api';
import type { BookingHistoryEventView } from './booking-history';
import type { BookingView } from './booking-views';
import { requiredMultiLineText, optionalText } from './text';

export const adminBookingTexts = {
  reasonRequired: 'Scrivi il motivo dell’operazione (almeno 5 caratteri)',
  reasonTooLong: 'Il motivo può contenere al massimo 500 caratteri',
  invalidStatus: 'Stato non valido',
  invalidType: 'Tipo di appuntamento non valido',
  invalidPaid: 'Scegli pagato o non pagato',
  invalidOrder: 'Ordine non valido',
  invalidRange: 'La data di inizio deve precedere quella di fine',
  cancelReasonRequired: 'Scegli il motivo dell’annullamento',
  notAwaitingPayment: 'L’appuntamento non è in attesa di pagamento',
  paymentLinkSent: 'Link di pagamento inviato di nuovo al paziente',
  cancelled: 'Appuntamento annullato',
  moved: 'Appuntamento spostato',
  completed: 'Appuntamento segnato come completato',
} as const;

export const ADMIN_BOOKINGS_PAGE_SIZE = 25;
/** Rows of one CSV export at most (docs/product.md#back-office-bookings). */
export const ADMIN_BOOKINGS_EXPORT_MAX = 5000;

export const adminBookingsQuerySchema = z
  .strictObject({
    statusId: z.coerce.number({ error: adminBookingTexts.invalidStatus }).int().min(1).max(5).optional(),
    bookingTypeId: z.coerce.number({ error: adminBookingTexts.invalidType }).int().min(1).max(3).optional(),
    nutritionistUserId: z.string().trim().min(1).max(100).optional(),
    patientUserId: z.string().trim().min(1).max(100).optional(),
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    paid: z.enum(['true', 'false'], { error: adminBookingTexts.invalidPaid }).optional(),
    order: z.enum(['asc', 'desc'], { error: adminBookingTexts.invalidOrder }).default('desc'),
    limit: z.coerce.number().int().min(1).max(50).default(ADMIN_BOOKINGS_PAGE_SIZE),
    cursor: z.string().max(2000).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: adminBookingTexts.invalidRange,
    path: ['to'],
  });
export type AdminBookingsQuery = z.input<typeof adminBookingsQuerySchema>;

const reasonSchema = requiredMultiLineText(500, {
  required: adminBookingTexts.reasonRequired,
  tooLong: adminBookingTexts.reasonTooLong,
}).refine((value) => value.length >= 5, { error: adminBookingTexts.reasonRequired });

export const adminReasonSchema = z.strictObject({ Reason: reasonSchema });
export const adminCancelBookingSchema = z.strictObject({
  CancelReasonId: z.coerce
    .number({ error: adminBookingTexts.cancelReasonRequired })
    .int()
    .min(1, { error: adminBookingTexts.cancelReasonRequired })
    .max(5, { error: adminBookingTexts.cancelReasonRequired }),
  Reason: reasonSchema,
});
export const adminMoveBookingSchema = z.strictObject({
  BookingTime: bookingTimeSchema,
  Reason: reasonSchema,
});

/** One booking in the back office: its view, its history (newest first) and the audit of admin actions. */
export interface AdminBookingDetail {
  Booking: BookingView;
  History: BookingHistoryEventView[];
  Audit: {
    AuditId: string;
    Action: string;
    ActorUserId: string;
    ActorName: string | null;
    At: string;
    Reason: string | null;
  }[];
}

export const patientSearchQuerySchema = z.strictObject({
  userInput: optionalText(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** A patient as the back office's pickers show them. */
export interface AdminPatientRef {
  UserId: string;
  DisplayName: string;
  Email: string | null;
  MobilePhoneNo: string | null;
}
