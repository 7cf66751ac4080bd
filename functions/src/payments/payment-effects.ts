/**
 * What a received payment causes beyond the booking itself (outbox topic `payment`, put in the same
 * transaction that marks the booking paid): the visit's documents (invoices.ts: the service's invoice, the
 * health invoice's draft), the
 * PaymentCompleted message in the patient–nutritionist chat
 * and the patient's confirmation mail ('Pagamento ricevuto, appuntamento del {date} è confermato!',
 * docs/product.md#payments). Steps as in booking-effects.ts: the chat append is keyed by the outbox id
 * (exactly once), the mail is recorded once SES accepted it (at least once).
 */
import { DATE_FORMAT, SYSTEM_AUTHOR_ID, inRome } from '@nutri/shared';
import * as z from 'zod';
import {
  bookingMessageBody,
  bookingSnapshotSchema,
  patientBookingUrl,
  romeDayTimeLabel,
  videoRoomSentence,
  euroLabel,
  type Booking,
} from '../bookings';
import { postMessage } from '../chat';
import { config } from '../platform/config';
import { now } from '../platform/clock';
import { invoiceOutboxHandlers } from './invoice-effects';
import { mailFromTemplate } from '../platform/mail-templates';
import { recordVisitInvoices } from './invoices';
import { latePaymentOutboxHandlers } from './late-payment';
import { paymentConfirmationTemplate } from './mails';
import { mailPatientStep } from './patient-mail';
import { unappliedPaymentOutboxHandlers } from './unapplied-payments';
import { type OutboxEntry, type OutboxHandler, type OutboxHandlers } from '../platform/outbox';
import { defineOutboxTopic } from '../platform/outbox-topic';

export const PAYMENT_TOPIC = 'payment';

const paymentEffectSchema = z.object({
  patientUserId: z.string().min(1),
  nutritionistUserId: z.string().min(1),
  booking: bookingSnapshotSchema
    .pick({
      BookingId: true,
      BookingTime: true,
      BookingTypeId: true,
      BookingStatusId: true,
      Duration: true,
      TotalPaymentAmount: true,
    })
    .extend({ AmountPaid: z.number().int().min(0) }),
});

/** The payments area's outbox topic of a received payment: one schema for writer and handler. */
export const paymentTopic = defineOutboxTopic(PAYMENT_TOPIC, paymentEffectSchema);

/** The outbox item of a received payment, for the transaction that marks the booking paid. */
export const paymentOutboxEntry = (booking: Booking, amountPaid: number, at: Date): OutboxEntry =>
  paymentTopic.entry(
    {
      patientUserId: booking.PatientUserId,
      nutritionistUserId: booking.NutritionistUserId,
      booking: {
        BookingId: booking.BookingId,
        BookingTime: booking.BookingTime,
        BookingTypeId: booking.BookingTypeId,
        BookingStatusId: booking.BookingStatusId,
        Duration: booking.Duration,
        TotalPaymentAmount: booking.TotalPaymentAmount,
        AmountPaid: amountPaid,
      },
    },
    at,
  );

const handlePaymentEffects: OutboxHandler = async (entry, step) => {
  const effect = paymentTopic.payload(entry);
  const snapshot = {
    ...effect.booking,
    PreviousBookingTime: null,
    RefundOwed: false,
    ScheduledAt: entry.CreatedAt,
  };
  const confirmation = bookingMessageBody('PaymentCompleted', snapshot);
  // Puts each document once, so a repeated delivery adds nothing (an idempotent step).
  await step(
    'invoices',
    () =>
      recordVisitInvoices(
        {
          bookingId: snapshot.BookingId,
          patientUserId: effect.patientUserId,
          nutritionistUserId: effect.nutritionistUserId,
          amountPaid: effect.booking.AmountPaid,
          paidAt: new Date(entry.CreatedAt),
        },
        now(),
      ),
    { idempotent: true },
  );
  await step(
    'chat',
    async () => {
      await postMessage({
        patientUserId: effect.patientUserId,
        nutritionistUserId: effect.nutritionistUserId,
        messageId: `outbox:${entry.OutboxId}`,
        authorId: SYSTEM_AUTHOR_ID,
        body: confirmation,
        attributes: {
          MessageType: 'PaymentCompleted',
          BookingId: snapshot.BookingId,
          BookingTime: snapshot.BookingTime,
          BookingTypeId: snapshot.BookingTypeId,
        },
        at: new Date(entry.CreatedAt),
      });
    },
    { idempotent: true },
  );
  await mailPatientStep(step, entry, effect.patientUserId, 'payment-completed', (patientName) =>
    mailFromTemplate(paymentConfirmationTemplate, {
      patientName,
      date: inRome(snapshot.BookingTime).format(DATE_FORMAT),
      amount: euroLabel(effect.booking.AmountPaid),
      dayTime: romeDayTimeLabel(snapshot.BookingTime),
      videoRoom: videoRoomSentence(config().PUBLIC_BASE_URL, snapshot.BookingId),
      bookingUrl: patientBookingUrl(config().PUBLIC_BASE_URL, snapshot.BookingId),
    }),
  );
};

/** Every outbox topic the payments area writes (both outbox deliverers use these). */
export const paymentOutboxHandlers: OutboxHandlers = {
  [PAYMENT_TOPIC]: handlePaymentEffects,
  ...latePaymentOutboxHandlers,
  ...unappliedPaymentOutboxHandlers,
  ...invoiceOutboxHandlers,
};
