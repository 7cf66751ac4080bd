/**
 * Free slots of the patient's nutritionist (docs/product.md#api: CurrentPatient/AvailableSlots) and booking
 * one of them: the availability of the next 7 days (own intervals and the weekly template, docs/product.md#calendar) minus the nutritionist's bookings that hold
 * time (BOOKED, COMPLETE, WAITINGFORPAYMENT) and, for a partner with Google Calendar connected, the busy
 * times of the chosen calendars (docs/product.md#google-calendar), via the shared freeSlots().
 */
import {
  BookingStatus,
  addRomeDays,
  freeSlots,
  isOfferedSlot,
  romeInstant,
  type BookingStatusId,
  type BusyPeriod,
} from '@nutri/shared';
import { listNutritionistBookingsBetween, type Booking } from './bookings-repo';
import { effectiveIntervalsOf, slotWindow } from './availability';
import { googleBusyPeriods } from './google-calendar-sync';

export const HOLDS_TIME: readonly BookingStatusId[] = [
  BookingStatus.BOOKED,
  BookingStatus.COMPLETE,
  BookingStatus.WAITINGFORPAYMENT,
];

export const busyPeriods = (bookings: readonly Booking[]): BusyPeriod[] =>
  bookings
    .filter((booking) => HOLDS_TIME.includes(booking.BookingStatusId))
    .map((booking) => {
      const start = new Date(booking.BookingTime);
      return { start, end: new Date(start.getTime() + booking.Duration * 60_000) };
    });

/** The Google busy times of the slot window (one freeBusy read, cached: both callers ask the same). */
const googleBusyOfWindow = (nutritionistUserId: string, first: string, last: string, at: Date) =>
  googleBusyPeriods(
    nutritionistUserId,
    romeInstant(addRomeDays(first, -1), '00:00'),
    romeInstant(addRomeDays(last, 1), '23:59'),
    at,
  );

/** Availability of the dates and the busy time around them (a day's margin for visits across midnight). */
const calendarOf = async (nutritionistUserId: string, firstDate: string, lastDate: string, at: Date) => {
  const [intervals, bookings, google] = await Promise.all([
    effectiveIntervalsOf(nutritionistUserId, firstDate, lastDate),
    listNutritionistBookingsBetween(
      nutritionistUserId,
      romeInstant(addRomeDays(firstDate, -1), '00:00').toISOString(),
      romeInstant(addRomeDays(lastDate, 1), '23:59').toISOString(),
    ),
    googleBusyOfWindow(nutritionistUserId, firstDate, lastDate, at),
  ]);
  return { intervals, busy: [...busyPeriods(bookings), ...google] };
};

// The map of date -> times of the next 7 days for a visit of the given duration.
export const slotsOfNutritionist = async (nutritionistUserId: string, durationMinutes: number, at: Date) => {
  const { first, last } = slotWindow(at);
  const { intervals, busy } = await calendarOf(nutritionistUserId, first, last, at);
  return freeSlots(intervals, busy, durationMinutes, at);
};

/**
 * Whether a date and time is one of the nutritionist's slots (ignoring bookings): one read of the date's
 * availability, and the (cached) Google busy times, so a slot that became busy in Google meanwhile is refused.
 * Whether it is still free of bookings is decided by the booking's own transaction (the lock items).
 */
export const isSlotOffered = async (
  nutritionistUserId: string,
  durationMinutes: number,
  date: string,
  time: string,
  at: Date,
) => {
  const { first, last } = slotWindow(at);
  if (date < first || date > last) return false;
  const [intervals, google] = await Promise.all([
    effectiveIntervalsOf(nutritionistUserId, date, date),
    googleBusyOfWindow(nutritionistUserId, first, last, at),
  ]);
  if (!isOfferedSlot(intervals, durationMinutes, date, time, at)) return false;
  if (!google.length) return true;
  // The named time is a slot of the day: it is free of Google's busy times when freeSlots keeps it.
  return (freeSlots(intervals, google, durationMinutes, at)[date] ?? []).includes(time);
};
