/**
 * A paid Checkout session that its booking cannot take: the booking was already paid by another session
 * (the patient paid on two payment pages), or it takes no payment (a free visit). The booking keeps what it
 * has; this payment is recorded once with a mail to the patient (outbox topic `unapplied-payment`, in the
 * same transaction) and refunded in full with the idempotency key `refund-payment-<PaymentIntentId>`:
 * right away, and by the `issue-refunds` job while that has not succeeded. However often the event or
 * the success redirect arrives, the patient is refunded once and mailed once.
 */
import { DATE_FORMAT, inRome } from '@nutri/shared';
import * as z from 'zod';
import { euroLabel, patientBookingUrl, romeDayTimeLabel, type Booking } from '../bookings';
import { config } from '../platform/config';
import { logger } from '../platform/logger';
import { mailFromTemplate } from '../platform/mail-templates';
import type { OutboxHandler } from '../platform/outbox';
import { defineOutboxTopic } from '../platform/outbox-topic';
import { unappliedPaymentTemplate } from './mails';
import { mailPatientStep } from './patient-mail';
import { paymentGateway, type GatewaySession } from './stripe-gateway';
import {
  getUnappliedPayment,
  recordUnappliedPayment,
  recordUnappliedRefund,
  type UnappliedPayment,
} from './unapplied-payments-repo';

export const UNAPPLIED_PAYMENT_TOPIC = 'unapplied-payment';

export const unappliedRefundIdempotencyKey = (paymentIntentId: string) => `refund-payment-${paymentIntentId}`;

const noticeSchema = z.object({
  patientUserId: z.string().min(1),
  bookingId: z.number().int().positive(),
  bookingTime: z.string(),
  amount: z.number().int().min(0),
  bookingAlreadyPaid: z.boolean(),
});
/** The patient's notice of an unapplied payment: one schema for the writer and the handler. */
export const unappliedPaymentTopic = defineOutboxTopic(UNAPPLIED_PAYMENT_TOPIC, noticeSchema);

/** Issues the refund of an unapplied payment, once (the provider returns the same refund for the key). */
export const refundUnappliedPayment = async (payment: UnappliedPayment, at: Date) => {
  if (payment.Refund) return 'already-issued' as const;
  const refund = await (
    await paymentGateway()
  ).refund({
    bookingId: payment.BookingId,
    paymentIntentId: payment.PaymentIntentId,
    amountCents: payment.Amount,
    idempotencyKey: unappliedRefundIdempotencyKey(payment.PaymentIntentId),
  });
  await recordUnappliedRefund(payment.PaymentIntentId, {
    RefundId: refund.RefundId,
    State: refund.State,
    IssuedAt: at.toISOString(),
    ConfirmedAt: refund.State === 'succeeded' ? at.toISOString() : null,
  });
  return 'issued' as const;
};

/**
 * Records the session's payment as not applied to the booking (and queues the patient's mail), then
 * refunds it. Without a payment intent there is nothing to refund through the provider: logged for support.
 */
export const handleUnappliedPayment = async (booking: Booking, session: GatewaySession, at: Date) => {
  // Ids only: enough for support to find the payment.
  const ids = { bookingId: booking.BookingId, sessionId: session.SessionId, status: booking.BookingStatusId };
  if (!session.PaymentIntentId) {
    logger.warn('Payment not applied to its booking and without a payment intent', ids);
    return;
  }
  const payment: UnappliedPayment = {
    SessionId: session.SessionId,
    PaymentIntentId: session.PaymentIntentId,
    BookingId: booking.BookingId,
    PatientUserId: booking.PatientUserId,
    Amount: session.AmountTotal,
    PaidAt: at.toISOString(),
    BookingAlreadyPaid: booking.Payment !== undefined,
    Refund: null,
  };
  const notice = unappliedPaymentTopic.entry(
    {
      patientUserId: booking.PatientUserId,
      bookingId: booking.BookingId,
      bookingTime: booking.BookingTime,
      amount: session.AmountTotal,
      bookingAlreadyPaid: payment.BookingAlreadyPaid,
    },
    at,
  );
  if (await recordUnappliedPayment(payment, notice))
    logger.warn('Payment not applied to its booking: refunding it', ids);
  const current = (await getUnappliedPayment(session.PaymentIntentId)) ?? payment;
  // Right away rather than at the job's next run; if the provider fails now, the payment stays in the
  // refund queue and the issue-refunds job tries again (same idempotency key: never twice).
  await refundUnappliedPayment(current, at).catch((error: unknown) =>
    logger.warn('Refund of an unapplied payment not issued yet', {
      ...ids,
      reason: error instanceof Error ? error.name : 'Error',
    }),
  );
};

/** The patient's mail: this payment is not applied to the booking and comes back in full. */
export const unappliedPaymentMail = (input: {
  patientName: string;
  bookingId: number;
  bookingTime: string;
  amount: number;
  bookingAlreadyPaid: boolean;
  baseUrl: string;
}) =>
  mailFromTemplate(unappliedPaymentTemplate, {
    patientName: input.patientName,
    date: inRome(input.bookingTime).format(DATE_FORMAT),
    reasonShort: input.bookingAlreadyPaid ? 'era già pagato' : 'non richiede un pagamento',
    amount: euroLabel(input.amount),
    dayTime: romeDayTimeLabel(input.bookingTime),
    reason: input.bookingAlreadyPaid
      ? 'che era già stato pagato con un altro pagamento'
      : 'che non richiede un pagamento',
    bookingUrl: patientBookingUrl(input.baseUrl, input.bookingId),
  });

const handleUnappliedPaymentNotice: OutboxHandler = async (entry, step) => {
  const notice = unappliedPaymentTopic.payload(entry);
  await mailPatientStep(step, entry, notice.patientUserId, 'unapplied-payment', (patientName) =>
    unappliedPaymentMail({
      patientName,
      bookingId: notice.bookingId,
      bookingTime: notice.bookingTime,
      amount: notice.amount,
      bookingAlreadyPaid: notice.bookingAlreadyPaid,
      baseUrl: config().PUBLIC_BASE_URL,
    }),
  );
};

export const unappliedPaymentOutboxHandlers = { [UNAPPLIED_PAYMENT_TOPIC]: handleUnappliedPaymentNotice };
