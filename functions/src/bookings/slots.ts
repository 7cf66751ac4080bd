/**
 * Free slots of the patient's nutritionist (docs/product.md#api: CurrentPatient/AvailableSlots) and booking
 * one of them: the availability intervals of the next 7 days minus the nutritionist's bookings that hold
 * time (BOOKED, COMPLETE, WAITINGFORPAYMENT), via the shared freeSlots().
 */
import {
  BookingStatus,
  addRomeDays,
  freeSlots,
  isOfferedSlot,
  romeInstant,
  type AvailabilityInterval,
  type BookingStatusId,
  type BusyPeriod,
} from '@nutri/shared';
import { listIntervals } from './availability-repo';
import { listNutritionistBookingsBetween, type Booking } from './bookings-repo';
import { slotWindow } from './availability';

const HOLDS_TIME: readonly BookingStatusId[] = [
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

/** Intervals of the dates and the busy time around them (a day's margin for visits across midnight). */
const calendarOf = async (nutritionistUserId: string, firstDate: string, lastDate: string) => {
  const intervals: AvailabilityInterval[] = await listIntervals(nutritionistUserId, firstDate, lastDate);
  const bookings = await listNutritionistBookingsBetween(
    nutritionistUserId,
    romeInstant(addRomeDays(firstDate, -1), '00:00').toISOString(),
    romeInstant(addRomeDays(lastDate, 1), '23:59').toISOString(),
  );
  return { intervals, busy: busyPeriods(bookings) };
};

// The map of date -> times of the next 7 days for a visit of the given duration.
export const slotsOfNutritionist = async (nutritionistUserId: string, durationMinutes: number, at: Date) => {
  const { first, last } = slotWindow(at);
  const { intervals, busy } = await calendarOf(nutritionistUserId, first, last);
  return freeSlots(intervals, busy, durationMinutes, at);
};

/**
 * Whether a date and time is one of the nutritionist's slots (ignoring bookings): one read of the date's
 * intervals. Whether it is still free is decided by the booking's own transaction (the lock items).
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
  return isOfferedSlot(await listIntervals(nutritionistUserId, date, date), durationMinutes, date, time, at);
};
