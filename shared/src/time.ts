/**
 * Wall-clock time in Europe/Rome, where every business rule runs (2 days before, today, +3 days, slots),
 * correct across daylight-saving changes: conversions go through the IANA zone, never a fixed offset.
 */
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { TIME_ZONE } from './constants';

dayjs.extend(utc);
dayjs.extend(timezone);

/** An instant seen on the Rome wall clock. */
export const inRome = (instant: Date | string | number): Dayjs => dayjs(instant).tz(TIME_ZONE);

/** The instant of a Rome wall-clock date and time (`YYYY-MM-DD`, `HH:mm`). */
export const romeInstant = (date: string, time: string): Date =>
  dayjs.tz(`${date} ${time}`, TIME_ZONE).toDate();

/** The Rome calendar date of an instant, `YYYY-MM-DD`. */
export const romeDate = (instant: Date | string | number) => inRome(instant).format('YYYY-MM-DD');

/** The Rome wall-clock time of an instant, `HH:mm`. */
export const romeTime = (instant: Date | string | number) => inRome(instant).format('HH:mm');

/** `YYYY-MM-DD` of the Rome date `days` after the given one (days may be negative). */
export const addRomeDays = (date: string, days: number) =>
  dayjs.tz(`${date} 12:00`, TIME_ZONE).add(days, 'day').format('YYYY-MM-DD');

/**
 * Same Rome wall-clock time, `days` calendar days earlier or later (a DST day is 23 or 25 hours long).
 * Done on the wall clock and converted back: dayjs's `add` on a zoned value would keep the old offset.
 */
export const shiftRomeDays = (instant: Date, days: number): Date =>
  romeInstant(addRomeDays(romeDate(instant), days), inRome(instant).format('HH:mm:ss'));

export { isLocalDateTime } from './local-date-time';
