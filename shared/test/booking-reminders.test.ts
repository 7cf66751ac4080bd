import { describe, expect, it } from 'vitest';
import {
  LATE_BOOKING_PAYMENT_GRACE_MINUTES,
  appointmentReminderWindow,
  isUrgentPaymentReminder,
  paymentDeadline,
  paymentReminderDue,
  reminderFlag,
  romeDaysUntil,
  romeInstant,
  unpaidBookingExpiry,
} from '../src';

const at = (date: string, time: string) => romeInstant(date, time);
const MINUTE = 60_000;

describe('unpaidBookingExpiry', () => {
  it('is the payment deadline, 2 Rome days before at the same wall-clock time', () => {
    const bookingTime = at('2026-12-10', '10:00');
    const expiry = unpaidBookingExpiry({ bookingTime, scheduledAt: at('2026-12-01', '09:00') });
    expect(expiry).toEqual(at('2026-12-08', '10:00'));
    expect(expiry).toEqual(paymentDeadline(bookingTime));
  });

  it('keeps the wall-clock time across the October and March daylight-saving changes', () => {
    // 31 October 2027 has 25 hours, 28 March 2027 has 23: the deadline is still 10:00 in Rome.
    expect(
      unpaidBookingExpiry({ bookingTime: at('2027-11-01', '10:00'), scheduledAt: at('2027-10-20', '09:00') }),
    ).toEqual(at('2027-10-30', '10:00'));
    expect(
      unpaidBookingExpiry({ bookingTime: at('2027-03-29', '10:00'), scheduledAt: at('2027-03-20', '09:00') }),
    ).toEqual(at('2027-03-27', '10:00'));
  });

  it('gives a booking made after (or just before) the deadline the grace period, never past the visit', () => {
    const scheduledAt = at('2026-12-09', '08:00');
    expect(unpaidBookingExpiry({ bookingTime: at('2026-12-10', '10:00'), scheduledAt })).toEqual(
      new Date(scheduledAt.getTime() + LATE_BOOKING_PAYMENT_GRACE_MINUTES * MINUTE),
    );
    const soon = at('2026-12-09', '09:00');
    expect(unpaidBookingExpiry({ bookingTime: soon, scheduledAt })).toEqual(soon);
  });
});

describe('payment reminder urgency', () => {
  it('counts Rome calendar days, not 24-hour periods', () => {
    const bookingTime = at('2026-12-10', '08:00');
    expect(romeDaysUntil(bookingTime, at('2026-12-07', '23:30'))).toBe(3);
    expect(romeDaysUntil(bookingTime, at('2026-12-06', '23:59'))).toBe(4);
    expect(romeDaysUntil(bookingTime, at('2026-12-10', '00:01'))).toBe(0);
    // Across the March change the 23-hour day still counts as one.
    expect(romeDaysUntil(at('2027-03-29', '09:00'), at('2027-03-27', '09:00'))).toBe(2);
  });

  it('is urgent at 3 days or less before the appointment', () => {
    const bookingTime = at('2026-12-10', '18:00');
    expect(isUrgentPaymentReminder(bookingTime, at('2026-12-06', '09:00'))).toBe(false);
    expect(isUrgentPaymentReminder(bookingTime, at('2026-12-07', '09:00'))).toBe(true);
    expect(isUrgentPaymentReminder(bookingTime, at('2026-12-08', '09:00'))).toBe(true);
  });
});

describe('paymentReminderDue', () => {
  const bookingTime = at('2026-12-10', '18:00');
  const scheduledAt = at('2026-12-01', '12:00');
  const booking = (remindersSent: string[] = [], scheduled = scheduledAt) => ({
    bookingTime,
    scheduledAt: scheduled,
    remindersSent,
  });

  it('sends the ordinary reminder more than 3 days ahead, then the urgent one, each once', () => {
    const ordinaryDay = at('2026-12-05', '09:00');
    const urgentDay = at('2026-12-07', '09:00');
    expect(paymentReminderDue(booking(), ordinaryDay)).toBe('payment');
    const afterOrdinary = [reminderFlag('payment', bookingTime.toISOString())];
    expect(paymentReminderDue(booking(afterOrdinary), ordinaryDay)).toBeNull();
    expect(paymentReminderDue(booking(afterOrdinary), urgentDay)).toBe('payment-urgent');
    const afterBoth = [...afterOrdinary, reminderFlag('payment-urgent', bookingTime.toISOString())];
    expect(paymentReminderDue(booking(afterBoth), at('2026-12-08', '09:00'))).toBeNull();
  });

  it('sends the urgent one even when the ordinary one was never sent', () => {
    expect(paymentReminderDue(booking(), at('2026-12-08', '09:00'))).toBe('payment-urgent');
  });

  it('reminds again after the visit moved (the flag names the appointment time)', () => {
    const sentForOldTime = [reminderFlag('payment-urgent', at('2026-12-09', '18:00').toISOString())];
    expect(paymentReminderDue(booking(sentForOldTime), at('2026-12-08', '09:00'))).toBe('payment-urgent');
  });

  it('never on the day the booking was made or moved, nor once it expired', () => {
    expect(paymentReminderDue(booking([], at('2026-12-07', '08:00')), at('2026-12-07', '09:00'))).toBeNull();
    expect(paymentReminderDue(booking(), at('2026-12-08', '18:00'))).toBeNull();
    expect(paymentReminderDue(booking(), at('2026-12-08', '17:59'))).toBe('payment-urgent');
  });
});

describe('appointmentReminderWindow', () => {
  it('is the next Rome calendar day, midnight to midnight, also when it is 25 hours long', () => {
    expect(appointmentReminderWindow(at('2026-12-09', '18:00'))).toEqual({
      from: at('2026-12-10', '00:00'),
      to: at('2026-12-11', '00:00'),
    });
    const window = appointmentReminderWindow(at('2027-10-30', '18:00'));
    expect(window.from).toEqual(at('2027-10-31', '00:00'));
    expect(window.to.getTime() - window.from.getTime()).toBe(25 * 60 * MINUTE);
  });
});
