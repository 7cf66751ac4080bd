/**
 * Fulfilment of a paid Checkout session: the booking goes from WAITINGFORPAYMENT to BOOKED with its payment
 * (docs/product.md#data flags), the patient's onboarding step moves on (4 -> 5 first paid visit, 7 -> 8 a
 * recurring one) and the payment's effects (chat message, mail) are queued, all in ONE transaction through
 * the booking repository (so the booking changes job queue with its status and gets its appointment
 * reminder). Reached from the webhook and from the success redirect; idempotent: a booking already paid by
 * the session is left as it is, and concurrent fulfilments race on the booking's version (one commits, the
 * others re-read and find it paid). A payment arriving after the booking was cancelled or had expired is
 * recorded and refunded in full instead (late-payment.ts), and so is a second payment of a paid booking
 * (unapplied-payments.ts).
 */
import { BookingStatus } from '@nutri/shared';
import { AppError, isConflict } from '../http/errors';
import { getPatientProfile, patientStepChange } from '../onboarding';
import { logger } from '../platform/logger';
import { getBooking, markBookingPaidWrite, type Booking, type PatientChange } from '../bookings';
import { paymentOf, recordLatePayment, withLatePayment } from './late-payment';
import { paymentOutboxEntry } from './payment-effects';
import { issueRefund } from './refunds';
import type { GatewaySession } from './stripe-gateway';
import { handleUnappliedPayment } from './unapplied-payments';

export type FulfilmentOutcome =
  /** The booking is now paid by this session. */
  | 'paid'
  /** It already was (a repeated event or the redirect after the webhook). */
  | 'already-paid'
  /** The session is not (yet) paid: nothing to do. */
  | 'not-paid'
  /** No booking of ours. */
  | 'unknown-booking'
  /**
   * Paid after the booking was cancelled or had expired: the booking is NOT revived (its time may be
   * someone else's now); the payment is recorded on it and refunded in full, once (also on a repeat).
   */
  | 'late-payment'
  /**
   * Paid, but the booking was already paid by another session (two Checkout pages paid) or takes no
   * payment: the booking keeps what it has; this payment is recorded and refunded in full, once
   * (unapplied-payments.ts).
   */
  | 'unapplied-payment';

const MAX_ATTEMPTS = 4;

/**
 * Where a paid session goes: awaiting payment -> paid; cancelled (by someone, or expired unpaid) -> late
 * payment, refunded. A booked or completed booking without a payment is a free visit, never paid by card.
 */
const ACCEPTS_PAYMENT: ReadonlySet<number> = new Set([
  BookingStatus.WAITINGFORPAYMENT,
  BookingStatus.CANCELLED,
  BookingStatus.CANCELLEDWITHFEE,
]);

const paidStepChange = async (booking: Booking): Promise<PatientChange | null> => {
  const profile = await getPatientProfile(booking.PatientUserId);
  const step = profile && patientStepChange(profile, 'paid', booking);
  return step ? { ...step, failure: new AppError('conflict') } : null;
};

export const fulfilSession = async (session: GatewaySession, at: Date): Promise<FulfilmentOutcome> => {
  if (session.PaymentStatus !== 'paid') return 'not-paid';
  if (session.BookingId === null) return 'unknown-booking';
  for (let attempt = 1; ; attempt += 1) {
    const booking = await getBooking(session.BookingId);
    if (!booking) return 'unknown-booking';
    if (booking.Payment?.SessionId === session.SessionId)
      return booking.Payment.Late ? 'late-payment' : 'already-paid';
    if (booking.Payment || !ACCEPTS_PAYMENT.has(booking.BookingStatusId)) {
      await handleUnappliedPayment(booking, session, at);
      return 'unapplied-payment';
    }
    if (booking.BookingStatusId !== BookingStatus.WAITINGFORPAYMENT) {
      const updated = withLatePayment(booking, session, at);
      try {
        await recordLatePayment(booking, updated, at);
      } catch (error) {
        if (isConflict(error) && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
      // Right away rather than at the job's next run; if the provider fails now, the booking stays in the
      // refund queue and the issue-refunds job tries again (same idempotency key: never twice).
      await issueRefund(booking.BookingId, at).catch((error: unknown) =>
        logger.warn('Refund of a late payment not issued yet', {
          bookingId: booking.BookingId,
          reason: error instanceof Error ? error.name : 'Error',
        }),
      );
      return 'late-payment';
    }
    const updated: Booking = {
      ...booking,
      BookingStatusId: BookingStatus.BOOKED,
      Payment: paymentOf(session, at),
      updatedAt: at.toISOString(),
      version: booking.version + 1,
    };
    const effects = paymentOutboxEntry(updated, session.AmountTotal, at);
    try {
      await markBookingPaidWrite(booking, updated, await paidStepChange(booking), effects, []);
    } catch (error) {
      // Someone changed the booking or the profile meanwhile (often a concurrent delivery of the same
      // payment): read again and decide on the new state.
      if (isConflict(error) && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    return 'paid';
  }
};
