/**
 * The booking jobs (functions/src/jobs/definitions.ts). Each reads its sparse gsi3 queue by time, re-reads
 * every candidate (the index may lag behind) and acts through a conditional transaction that also puts
 * the outbox item of the mails and chat message it causes, so running twice, late or concurrently never
 * acts twice on one booking.
 */
import {
  BookingStatus,
  appointmentReminderWindow,
  paymentReminderDue,
  reminderFlag,
  unpaidBookingExpiry,
} from '@nutri/shared';
import { AppError } from '../http/errors';
import { now } from '../platform/clock';
import { DomainError } from '../platform/domain-error';
import { logger } from '../platform/logger';
import { bookingOutboxEntry } from './booking-effects';
import { bookingHistoryEvent, SYSTEM_ACTOR } from './booking-history';
import { cancelVisit } from './booking-service';
import { flagReminderSent, getBooking, listQueuedBookings, type Booking } from './bookings-repo';

/** Upper bound of the ISO sort keys (`9999-…` sorts after every BookingTime). */
const END_OF_TIME = '9999';
/** The payment deadline is 2 Rome calendar days before: at most 49 hours (a DST night in between). */
const DEADLINE_HORIZON_MS = 50 * 60 * 60_000;

/** A WAITINGFORPAYMENT booking changes only by being moved: updatedAt is when its time was last set. */
const scheduledAt = (booking: Booking) => new Date(booking.updatedAt);
const unpaidExpiryOf = (booking: Booking) =>
  unpaidBookingExpiry({ bookingTime: new Date(booking.BookingTime), scheduledAt: scheduledAt(booking) });

export interface ExpiryResult {
  checked: number;
  expired: number;
  /** Changed meanwhile (paid, moved, cancelled): the next run looks again. */
  conflicts: number;
}

/**
 * WAITINGFORPAYMENT bookings not paid by their deadline (2 days before, or the grace after a late booking):
 * CANCELLED through the same cancellation as an in-time one (locks released, patient's step restored),
 * with a BookingExpired chat message and mails to both. The version condition makes a payment that lands
 * at the same moment win or lose cleanly.
 */
export const expireUnpaidBookings = async (): Promise<ExpiryResult> => {
  const at = now();
  const result: ExpiryResult = { checked: 0, expired: 0, conflicts: 0 };
  const horizon = new Date(at.getTime() + DEADLINE_HORIZON_MS).toISOString();
  for await (const queued of listQueuedBookings(BookingStatus.WAITINGFORPAYMENT, '0', horizon)) {
    result.checked += 1;
    if (unpaidExpiryOf(queued).getTime() > at.getTime()) continue;
    const booking = await getBooking(queued.BookingId);
    if (booking?.BookingStatusId !== BookingStatus.WAITINGFORPAYMENT) continue;
    if (unpaidExpiryOf(booking).getTime() > at.getTime()) continue;
    try {
      await cancelVisit(booking, null, 'system', at);
      result.expired += 1;
    } catch (error) {
      if (!(error instanceof AppError || error instanceof DomainError)) throw error;
      result.conflicts += 1;
      logger.info('Expiry skipped: booking changed meanwhile', { bookingId: booking.BookingId });
    }
  }
  return result;
};

export interface ReminderResult {
  checked: number;
  sent: number;
}

/**
 * E-mails patients whose visit awaits payment: the ordinary reminder while the appointment is more than 3
 * days away, the urgent one at 3 days or less; each at most once per booking and appointment time, never
 * on the day the booking was made nor after it expired (shared paymentReminderDue).
 */
export const sendPaymentReminders = async (): Promise<ReminderResult> => {
  const at = now();
  const result: ReminderResult = { checked: 0, sent: 0 };
  for await (const queued of listQueuedBookings(
    BookingStatus.WAITINGFORPAYMENT,
    at.toISOString(),
    END_OF_TIME,
  )) {
    result.checked += 1;
    const due = (booking: Booking) =>
      paymentReminderDue(
        {
          bookingTime: new Date(booking.BookingTime),
          scheduledAt: scheduledAt(booking),
          remindersSent: booking.RemindersSent,
        },
        at,
      );
    if (!due(queued)) continue;
    const booking = await getBooking(queued.BookingId);
    if (booking?.BookingStatusId !== BookingStatus.WAITINGFORPAYMENT) continue;
    const kind = due(booking);
    if (!kind) continue;
    const entry = bookingOutboxEntry('payment-reminder', 'system', booking, at, {
      urgent: kind === 'payment-urgent',
    });
    const event = bookingHistoryEvent(booking, 'reminder', SYSTEM_ACTOR, at, { Reminder: kind });
    if (await flagReminderSent(booking, reminderFlag(kind, booking.BookingTime), entry, event))
      result.sent += 1;
  }
  return result;
};

/** E-mails patients the day before each confirmed (BOOKED) appointment, once per appointment time. */
export const sendAppointmentReminders = async (): Promise<ReminderResult> => {
  const at = now();
  const result: ReminderResult = { checked: 0, sent: 0 };
  const { from, to } = appointmentReminderWindow(at);
  for await (const queued of listQueuedBookings(BookingStatus.BOOKED, from.toISOString(), to.toISOString())) {
    result.checked += 1;
    const flag = reminderFlag('appointment', queued.BookingTime);
    if (queued.RemindersSent.includes(flag)) continue;
    const booking = await getBooking(queued.BookingId);
    if (booking?.BookingStatusId !== BookingStatus.BOOKED || booking.BookingTime !== queued.BookingTime)
      continue;
    const entry = bookingOutboxEntry('appointment-reminder', 'system', booking, at);
    const event = bookingHistoryEvent(booking, 'reminder', SYSTEM_ACTOR, at, { Reminder: 'appointment' });
    if (await flagReminderSent(booking, flag, entry, event)) result.sent += 1;
  }
  return result;
};
