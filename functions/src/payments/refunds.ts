/**
 * Refunds (docs/product.md#overview and #states: cancelling with 2 days' notice or more is free, with a full refund). The
 * booking area decides: a paid booking cancelled in time gets RefundOwed and waits in the gsi3 queue
 * `BOOKINGS#REFUNDOWED`. The `issue-refunds` job refunds each through the gateway with the idempotency key
 * `refund-booking-<BookingId>` (asking twice returns the same refund, never a second one) and records it on
 * the booking, which takes it out of the queue; `charge.refunded` from the provider then marks it
 * succeeded. Safe to run twice, concurrently or late.
 */
import { isConflict } from '../http/errors';
import { now } from '../platform/clock';
import { logger } from '../platform/logger';
import { getBooking, listOwedRefunds, recordBookingRefundWrite, type Booking } from '../bookings';
import { invoiceRefundEntry } from './invoice-effects';
import { paymentGateway } from './stripe-gateway';
import { refundUnappliedPayment } from './unapplied-payments';
import { listUnappliedRefundsOwed } from './unapplied-payments-repo';

export const refundIdempotencyKey = (bookingId: number) => `refund-booking-${bookingId}`;

const MAX_ATTEMPTS = 4;
const MAX_PER_RUN = 50;

export type RefundOutcome = 'issued' | 'already-issued' | 'not-owed';

/** Issues the refund a booking is owed, once. */
export const issueRefund = async (bookingId: number, at: Date): Promise<RefundOutcome> => {
  for (let attempt = 1; ; attempt += 1) {
    const booking = await getBooking(bookingId);
    if (!booking?.RefundOwed || !booking.Payment?.PaymentIntentId) return 'not-owed';
    if (booking.Refund) return 'already-issued';
    const refund = await (
      await paymentGateway()
    ).refund({
      bookingId,
      paymentIntentId: booking.Payment.PaymentIntentId,
      amountCents: booking.Payment.AmountPaid,
      idempotencyKey: refundIdempotencyKey(bookingId),
    });
    const updated: Booking = {
      ...booking,
      Refund: {
        RefundId: refund.RefundId,
        State: refund.State,
        Amount: booking.Payment.AmountPaid,
        IssuedAt: at.toISOString(),
        ConfirmedAt: refund.State === 'succeeded' ? at.toISOString() : null,
      },
      updatedAt: at.toISOString(),
      version: booking.version + 1,
    };
    try {
      // The visit's invoices get their credit notes, once the refund is on record (invoice-effects.ts).
      await recordBookingRefundWrite(booking, updated, [
        invoiceRefundEntry(bookingId, booking.PatientUserId, at),
      ]);
      return 'issued';
    } catch (error) {
      // Changed meanwhile (often the provider's confirmation racing us): read again; the gateway call
      // repeated with the same key returns the same refund.
      if (isConflict(error) && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
};

/** Refunds each owed item; one failure does not stop the others. */
const refundEach = async <T>(
  owed: readonly T[],
  refund: (item: T) => Promise<RefundOutcome>,
  bookingIdOf: (item: T) => number,
  result: { checked: number; issued: number; failed: number },
) => {
  for (const item of owed) {
    result.checked += 1;
    try {
      if ((await refund(item)) === 'issued') result.issued += 1;
    } catch (error) {
      result.failed += 1;
      logger.warn('Refund not issued', {
        bookingId: bookingIdOf(item),
        reason: error instanceof Error ? error.name : 'Error',
      });
    }
  }
  return result;
};

/**
 * The `issue-refunds` job: every owed refund not yet issued, of bookings and of payments their booking did
 * not take (unapplied-payments.ts).
 */
export const issueOwedRefunds = async () => {
  const at = now();
  const result = { checked: 0, issued: 0, failed: 0 };
  await refundEach(
    await listOwedRefunds(MAX_PER_RUN),
    (booking) => issueRefund(booking.BookingId, at),
    (booking) => booking.BookingId,
    result,
  );
  return refundEach(
    await listUnappliedRefundsOwed(MAX_PER_RUN),
    (payment) => refundUnappliedPayment(payment, at),
    (payment) => payment.BookingId,
    result,
  );
};

/**
 * `charge.refunded`: the provider confirms a refund of the booking's payment. Records it as succeeded
 * (also when the confirmation overtook our own record of the refund: then the booking's refund is
 * recorded from the event, and the job finds it issued).
 */
export const confirmRefund = async (
  charge: {
    bookingId: number | null;
    paymentIntentId: string | null;
    refundId: string | null;
    amount: number;
  },
  at: Date,
): Promise<'confirmed' | 'already-confirmed' | 'unknown'> => {
  if (charge.bookingId === null) return 'unknown';
  for (let attempt = 1; ; attempt += 1) {
    const booking = await getBooking(charge.bookingId);
    if (!booking?.Payment || booking.Payment.PaymentIntentId !== charge.paymentIntentId) return 'unknown';
    if (booking.Refund?.State === 'succeeded') return 'already-confirmed';
    const updated: Booking = {
      ...booking,
      Refund: {
        RefundId: booking.Refund?.RefundId ?? charge.refundId ?? 'refund',
        State: 'succeeded',
        Amount: booking.Refund?.Amount ?? charge.amount,
        IssuedAt: booking.Refund?.IssuedAt ?? at.toISOString(),
        ConfirmedAt: at.toISOString(),
      },
      updatedAt: at.toISOString(),
      version: booking.version + 1,
    };
    try {
      // A confirmation that overtook our own record of the refund records it first: then it also asks for
      // the credit notes (issueRefund then finds the refund recorded and writes nothing).
      await recordBookingRefundWrite(
        booking,
        updated,
        booking.Refund ? [] : [invoiceRefundEntry(booking.BookingId, booking.PatientUserId, at)],
      );
      return 'confirmed';
    } catch (error) {
      if (isConflict(error) && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
};
