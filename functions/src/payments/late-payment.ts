/**
 * A payment that arrives after its booking was cancelled or had expired (the patient paid on a Checkout
 * page left open past the deadline, or Stripe's event came late). The booking is NOT revived: its time may
 * be someone else's by then. Instead, in one transaction (optimistic on the booking's version), the payment
 * is recorded on the booking flagged `Late`, with the full refund owed, and an outbox item (topic
 * `late-payment`) that mails the patient. The refund then goes the way of an in-time cancellation's: the
 * booking sits in the `BOOKINGS#REFUNDOWED` queue and is refunded with the idempotency key
 * `refund-booking-<BookingId>` (issued right away here, and by the `issue-refunds` job if that fails), so
 * however often the event arrives the patient is refunded once and mailed once.
 */
import { DATE_FORMAT, inRome } from '@nutri/shared';
import * as z from 'zod';
import {
  euroLabel,
  patientBookingUrl,
  romeDayTimeLabel,
  recordLatePaymentWrite,
  type Booking,
} from '../bookings';
import { config } from '../platform/config';
import { mailFromTemplate } from '../platform/mail-templates';
import type { OutboxEntry, OutboxHandler } from '../platform/outbox';
import { defineOutboxTopic } from '../platform/outbox-topic';
import { latePaymentTemplate } from './mails';
import { mailPatientStep } from './patient-mail';
import type { GatewaySession } from './stripe-gateway';

export const LATE_PAYMENT_TOPIC = 'late-payment';

const latePaymentSchema = z.object({
  patientUserId: z.string().min(1),
  bookingId: z.number().int().positive(),
  bookingTime: z.string(),
  amountPaid: z.number().int().min(0),
  /** Cancelled by the expiry job (no reason) rather than by someone. */
  expired: z.boolean(),
});
const latePaymentTopic = defineOutboxTopic(LATE_PAYMENT_TOPIC, latePaymentSchema);

/** The payment flags a paid Checkout session puts on its booking (paid to the provider's account). */
export const paymentOf = (session: GatewaySession, at: Date): NonNullable<Booking['Payment']> => ({
  SessionId: session.SessionId,
  PaymentIntentId: session.PaymentIntentId,
  PaidAt: at.toISOString(),
  AmountPaid: session.AmountTotal,
  IsPaidOnNewAccount: false,
  IsPaidOnProviderAccount: true,
});

/** The booking with the late payment recorded and its refund owed (status and everything else kept). */
export const withLatePayment = (booking: Booking, session: GatewaySession, at: Date): Booking => ({
  ...booking,
  Payment: { ...paymentOf(session, at), Late: true },
  RefundOwed: true,
  updatedAt: at.toISOString(),
  version: booking.version + 1,
});

/** Records the late payment and its notice together; throws AppError 'conflict' if the booking changed. */
export const recordLatePayment = async (booking: Booking, updated: Booking, at: Date) => {
  const entry: OutboxEntry = latePaymentTopic.entry(
    {
      patientUserId: booking.PatientUserId,
      bookingId: booking.BookingId,
      bookingTime: booking.BookingTime,
      amountPaid: updated.Payment?.AmountPaid ?? 0,
      expired: booking.CancelReasonId === null,
    },
    at,
  );
  await recordLatePaymentWrite(booking, updated, entry);
  return entry;
};

/** The patient's mail: the payment is not applied and comes back in full. */
export const latePaymentMail = (input: {
  patientName: string;
  bookingId: number;
  bookingTime: string;
  amountPaid: number;
  expired: boolean;
  baseUrl: string;
}) =>
  mailFromTemplate(latePaymentTemplate, {
    patientName: input.patientName,
    date: inRome(input.bookingTime).format(DATE_FORMAT),
    amount: euroLabel(input.amountPaid),
    dayTime: romeDayTimeLabel(input.bookingTime),
    reason: input.expired
      ? 'era già stato annullato perché il termine per il pagamento era scaduto'
      : 'era già stato annullato',
    bookingUrl: patientBookingUrl(input.baseUrl, input.bookingId),
  });

const handleLatePayment: OutboxHandler = async (entry, step) => {
  const effect = latePaymentTopic.payload(entry);
  await mailPatientStep(step, entry, effect.patientUserId, 'late-payment', (patientName) =>
    latePaymentMail({
      patientName,
      bookingId: effect.bookingId,
      bookingTime: effect.bookingTime,
      amountPaid: effect.amountPaid,
      expired: effect.expired,
      baseUrl: config().PUBLIC_BASE_URL,
    }),
  );
};

export const latePaymentOutboxHandlers = { [LATE_PAYMENT_TOPIC]: handleLatePayment };
