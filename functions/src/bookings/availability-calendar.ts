/**
 * The nutritionist's calendar (docs/product.md#calendar): the weekly template, the exceptions of single
 * dates, copying a week, and the view of some days (availability, bookings, Google's busy times). Every
 * route acts on the signed-in nutritionist's own calendar only: no id of someone else's can be named.
 */
import {
  BOOKING_TYPES,
  availabilityExceptionSchema,
  availabilityTemplateSchema,
  calendarDateSchema,
  calendarTexts,
  copyWeekSchema,
  datesBetween,
  googleCalendarTexts,
  romeDate,
  romeInstant,
  addRomeDays,
  type AvailabilityTemplateView,
  type BusyPeriod,
  type CalendarRangeView,
} from '@nutri/shared';
import * as z from 'zod';
import { AppError } from '../http/errors';
import { defineOperation, noContent } from '../http/operation';
import { now } from '../platform/clock';
import { nextId } from '../platform/db/counter';
import { effectiveIntervalsOf, refreshCalendarSlotsAvailable } from './availability';
import {
  CopyTooLarge,
  deleteException,
  getDayVersion,
  getTemplate,
  listExceptions,
  listIntervals,
  putException,
  putTemplate,
  replaceDays,
  type StoredInterval,
} from './availability-repo';
import { bookingViews } from './booking-service';
import { listNutritionistBookingsBetween } from './bookings-repo';
import { getCalendarConnection } from './google-calendar-repo';
import { googleBusyPeriods, partnerConnection } from './google-calendar-sync';
import { HOLDS_TIME } from './slots';

const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', message, { errors: { [field]: [message] } });

export const getAvailabilityTemplate = defineOperation(
  ['Nutritionist'],
  {},
  async ({ actor }): Promise<AvailabilityTemplateView> => ({ Intervals: await getTemplate(actor.userId) }),
);

export const putAvailabilityTemplate = defineOperation(
  ['Nutritionist'],
  { body: availabilityTemplateSchema },
  async ({ actor, body }): Promise<AvailabilityTemplateView> => {
    const at = now();
    const intervals = [...body.Intervals].sort(
      (a, b) => a.Weekday - b.Weekday || a.IntervalStart.localeCompare(b.IntervalStart),
    );
    await putTemplate(actor.userId, intervals, at);
    await refreshCalendarSlotsAvailable(actor.userId, at);
    return { Intervals: intervals };
  },
);

const datePath = z.object({ date: calendarDateSchema });

/** Today's exception may still change the hours left of today; earlier dates are history. */
const requireNotPast = (date: string, at: Date, message: string) => {
  if (date < romeDate(at)) throw fieldError('ExceptionDate', message);
};

export const putAvailabilityException = defineOperation(
  ['Nutritionist'],
  { path: datePath, body: availabilityExceptionSchema },
  async ({ actor, path, body }) => {
    const at = now();
    requireNotPast(path.date, at, calendarTexts.exceptionPast);
    const exception = { ExceptionDate: path.date, Intervals: body.Intervals };
    await putException(actor.userId, exception);
    await refreshCalendarSlotsAvailable(actor.userId, at);
    return exception;
  },
);

export const deleteAvailabilityException = defineOperation(
  ['Nutritionist'],
  { path: datePath },
  async ({ actor, path }) => {
    const at = now();
    requireNotPast(path.date, at, calendarTexts.exceptionPast);
    await deleteException(actor.userId, path.date);
    await refreshCalendarSlotsAvailable(actor.userId, at);
    return noContent();
  },
);

/**
 * Copies a week onto another (docs/product.md#calendar): each day of the target week from today on becomes
 * what the same weekday of the source week is (its own intervals and its exception; the template is the same
 * for both). Days of the target week already past are left as they were.
 */
export const copyAvailabilityWeek = defineOperation(
  ['Nutritionist'],
  { body: copyWeekSchema },
  async ({ actor, body }) => {
    const userId = actor.userId;
    const at = now();
    const today = romeDate(at);
    const toLast = addRomeDays(body.ToWeek, 6);
    if (toLast < today) throw fieldError('ToWeek', calendarTexts.copyPast);
    const fromLast = addRomeDays(body.FromWeek, 6);
    const targets = datesBetween(body.ToWeek, toLast)
      .map((date, index) => ({ date, source: addRomeDays(body.FromWeek, index) }))
      .filter(({ date }) => date >= today);
    // The days' guard versions first: an interval added after this read makes the copy fail, not vanish.
    const versions = await Promise.all(targets.map(({ date }) => getDayVersion(userId, date)));
    const [sourceIntervals, sourceExceptions, targetIntervals] = await Promise.all([
      listIntervals(userId, body.FromWeek, fromLast),
      listExceptions(userId, body.FromWeek, fromLast),
      listIntervals(userId, body.ToWeek, toLast),
    ]);
    const days = await Promise.all(
      targets.map(async ({ date, source }, index) => {
        const dayVersion = versions[index]!;
        const add: StoredInterval[] = [];
        for (const interval of sourceIntervals.filter((item) => item.IntervalDate === source)) {
          // Today's hours already gone are not copied: the interval would lie in the past.
          if (romeInstant(date, interval.IntervalStart).getTime() <= at.getTime()) continue;
          add.push({
            IntervalId: await nextId('interval'),
            NutritionistUserId: userId,
            IntervalDate: date,
            IntervalStart: interval.IntervalStart,
            IntervalEnd: interval.IntervalEnd,
          });
        }
        const exception = sourceExceptions.find((item) => item.ExceptionDate === source);
        return {
          date,
          dayVersion,
          remove: targetIntervals.filter((item) => item.IntervalDate === date),
          add,
          exception: exception ? { ExceptionDate: date, Intervals: exception.Intervals } : null,
        };
      }),
    );
    try {
      await replaceDays(userId, days);
    } catch (error) {
      if (error instanceof CopyTooLarge) throw new AppError('unprocessable', calendarTexts.copyTooLarge);
      throw error;
    }
    await refreshCalendarSlotsAvailable(userId, at);
    return { CopiedDays: days.length };
  },
);

/** Parts of `busy` not covered by the visits' times. */
const outsideVisits = (busy: BusyPeriod, visits: readonly BusyPeriod[]): BusyPeriod[] =>
  visits.reduce<BusyPeriod[]>(
    (pieces, visit) =>
      pieces.flatMap((piece) => {
        if (visit.end <= piece.start || piece.end <= visit.start) return [piece];
        return [
          ...(piece.start < visit.start ? [{ start: piece.start, end: visit.start }] : []),
          ...(visit.end < piece.end ? [{ start: visit.end, end: piece.end }] : []),
        ];
      }),
    [busy],
  );

/**
 * Whether a busy time is only the visits' own events: Google reports them too (the visits' calendar may
 * count as busy), alone or merged with the next visit's, so it starts where a visit starts, ends where one
 * ends and has nothing outside the visits' times.
 */
const isOwnEvent = (busy: BusyPeriod, visits: readonly BusyPeriod[]) =>
  outsideVisits(busy, visits).length === 0 &&
  visits.some((visit) => visit.start.getTime() === busy.start.getTime()) &&
  visits.some((visit) => visit.end.getTime() === busy.end.getTime());

const MAX_RANGE_DAYS = 7;

const rangeQuery = z
  .strictObject({ from: calendarDateSchema, to: calendarDateSchema })
  .refine((value) => value.from <= value.to, { error: calendarTexts.rangeOrder, path: ['to'] })
  .refine((value) => value.to <= addRomeDays(value.from, MAX_RANGE_DAYS - 1), {
    error: calendarTexts.rangeTooLong,
    path: ['to'],
  });

/**
 * The calendar of up to 7 days: the availability (own intervals, template, exceptions), the bookings, and,
 * for a connected partner, Google's busy times, with the visits that now overlap one of them flagged
 * (docs/product.md#google-calendar). Google merges overlapping busy times, so an event wholly inside a visit
 * merged with the visit's own event cannot be told apart from it and is not flagged.
 */
export const getNutritionistCalendar = defineOperation(
  ['Nutritionist'],
  { query: rangeQuery },
  async ({ actor, query }): Promise<CalendarRangeView> => {
    const userId = actor.userId;
    const at = now();
    const from = romeInstant(query.from, '00:00');
    const to = romeInstant(addRomeDays(query.to, 1), '00:00');
    const [intervals, exceptions, bookings, connection] = await Promise.all([
      effectiveIntervalsOf(userId, query.from, query.to),
      listExceptions(userId, query.from, query.to),
      listNutritionistBookingsBetween(userId, from.toISOString(), to.toISOString()),
      partnerConnection(userId),
    ]);
    const google = connection ? await googleBusyPeriods(userId, from, to, at) : [];
    // googleBusyPeriods records a new problem on the connection: read it after.
    const problem = connection ? (await getCalendarConnection(userId))?.Problem : null;
    const holding = bookings.filter((booking) => HOLDS_TIME.includes(booking.BookingStatusId));
    const visitSpans = holding.map((booking) => {
      const start = new Date(booking.BookingTime);
      return { start, end: new Date(start.getTime() + booking.Duration * 60_000) };
    });
    const foreignBusy = google.filter((busy) => !isOwnEvent(busy, visitSpans));
    const views = await bookingViews(bookings);
    return {
      From: query.from,
      To: query.to,
      Intervals: intervals.map((interval) => ({
        ...interval,
        Start: romeInstant(interval.IntervalDate, interval.IntervalStart).toISOString(),
        End: romeInstant(interval.IntervalDate, interval.IntervalEnd).toISOString(),
      })),
      Exceptions: exceptions,
      Bookings: views.map((view, index) => {
        const span = {
          start: new Date(view.BookingTime),
          end: new Date(new Date(view.BookingTime).getTime() + view.Duration * 60_000),
        };
        const holds = HOLDS_TIME.includes(bookings[index]!.BookingStatusId);
        return {
          BookingId: view.BookingId,
          BookingTime: view.BookingTime,
          Duration: view.Duration,
          BookingStatusId: view.BookingStatusId,
          BookingTypeName: BOOKING_TYPES[view.BookingTypeId].Name,
          PatientDisplayName: view.Patient.DisplayName,
          GoogleConflict: holds && foreignBusy.some((busy) => busy.start < span.end && span.start < busy.end),
        };
      }),
      GoogleBusy: google.map((busy) => ({ Start: busy.start.toISOString(), End: busy.end.toISOString() })),
      GoogleWarning:
        problem === 'refused'
          ? googleCalendarTexts.warningRefused
          : problem === 'unavailable'
            ? googleCalendarTexts.warningUnavailable
            : null,
    };
  },
);
