/**
 * Fulfilment of a paid Checkout session: the booking goes from WAITINGFORPAYMENT to BOOKED with its payment
 * (spec section 3 flags), the patient's onboarding step moves on (4 -> 5 first paid visit, 7 -> 8 a
 * recurring one) and the payment's effects (chat message, mail) are queued, all in ONE transaction through
 * the booking repository (so the booking changes job queue with its status and gets its appointment
 * reminder). Reached from the webhook and from the success redirect; idempotent: a booking already paid by
 * the session is left as it is, and concurrent fulfilments race on the booking's version (one commits, the
 * others re-read and find it paid).
 */
import { BookingStatus, type OnboardingStep } from '@nutri/shared';
import { AppError } from '../http/errors';
import { getPatientProfile } from '../onboarding/patients-repo';
import { logger } from '../platform/logger';
import {
  getBooking,
  markBookingPaidWrite,
  type Booking,
  type PatientChange,
} from '../bookings/bookings-repo';
import { deliverPaymentEffects, paymentOutboxEntry } from './payment-effects';
import type { GatewaySession } from './stripe-gateway';

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
   * Paid, but the booking is no longer awaiting payment (cancelled or expired meanwhile, or paid by another
   * session): the booking is NOT revived (its time may be someone else's now); logged for a refund.
   */
  | 'orphan-payment';

/** Paid visits move the onboarding step from "booked" to "paid": 4 -> 5, 7 -> 8. */
const PAID_STEP: Partial<Record<OnboardingStep, OnboardingStep>> = { 4: 5, 7: 8 };

const MAX_ATTEMPTS = 4;

const patientStepChange = async (booking: Booking): Promise<PatientChange | null> => {
  const profile = await getPatientProfile(booking.PatientUserId);
  const from = booking.SetOnboardingStep;
  if (!profile || from === null || profile.OnboardingStep !== from) return null;
  const to = PAID_STEP[from];
  if (to === undefined) return null;
  return {
    patientUserId: profile.UserId,
    set: { OnboardingStep: to },
    condition: 'OnboardingStep = :readStep',
    values: { ':readStep': profile.OnboardingStep },
    failure: new AppError('conflict'),
  };
};

export const fulfilSession = async (session: GatewaySession, at: Date): Promise<FulfilmentOutcome> => {
  if (session.PaymentStatus !== 'paid') return 'not-paid';
  if (session.BookingId === null) return 'unknown-booking';
  for (let attempt = 1; ; attempt += 1) {
    const booking = await getBooking(session.BookingId);
    if (!booking) return 'unknown-booking';
    if (booking.Payment?.SessionId === session.SessionId) return 'already-paid';
    if (booking.BookingStatusId !== BookingStatus.WAITINGFORPAYMENT || booking.Payment) {
      // Ids only: enough for support to find the payment and refund it.
      logger.warn('Payment for a booking no longer awaiting payment', {
        bookingId: booking.BookingId,
        sessionId: session.SessionId,
        status: booking.BookingStatusId,
      });
      return 'orphan-payment';
    }
    const updated: Booking = {
      ...booking,
      BookingStatusId: BookingStatus.BOOKED,
      Payment: {
        SessionId: session.SessionId,
        PaymentIntentId: session.PaymentIntentId,
        PaidAt: at.toISOString(),
        AmountPaid: session.AmountTotal,
        IsPaidOnNewAccount: false,
        IsPaidOnProviderAccount: true,
      },
      updatedAt: at.toISOString(),
      version: booking.version + 1,
    };
    const effects = paymentOutboxEntry(updated, session.AmountTotal, at);
    try {
      await markBookingPaidWrite(booking, updated, await patientStepChange(booking), effects, []);
    } catch (error) {
      // Someone changed the booking or the profile meanwhile (often a concurrent delivery of the same
      // payment): read again and decide on the new state.
      if (error instanceof AppError && error.code === 'conflict' && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    await deliverPaymentEffects(effects);
    return 'paid';
  }
};
