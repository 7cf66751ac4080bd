/**
 * A nutritionist's availability (docs/product.md#api: CurrentNutritionist/DailyAvailabilities): list, add and
 * remove intervals of their own calendar; the profile's CalendarSlotsAvailable follows every change.
 */
import {
  AVAILABILITY_WINDOW_DAYS,
  bookingTexts,
  calendarDateSchema,
  createIntervalSchema,
  datesBetween,
  effectiveIntervals,
  minutesOfDay,
  romeDate,
  romeDateWindow,
  romeInstant,
} from '@nutri/shared';
import * as z from 'zod';
import { AppError, notFound } from '../http/errors';
import { created, defineOperation, noContent } from '../http/operation';
import { idPath } from '../http/path-id';
import { setCalendarSlotsAvailable } from '../nutritionists';
import { now } from '../platform/clock';
import { nextId } from '../platform/db/counter';
import { pageCursor } from '../platform/db/cursor';
import {
  addInterval,
  findInterval,
  getDayVersion,
  getTemplate,
  listExceptions,
  listIntervals,
  listIntervalsPage,
  removeInterval,
  type StoredInterval,
} from './availability-repo';

export const intervalView = (interval: StoredInterval) => ({
  IntervalId: interval.IntervalId,
  IntervalDate: interval.IntervalDate,
  IntervalStart: interval.IntervalStart,
  IntervalEnd: interval.IntervalEnd,
});

/** Whether two `HH:mm` ranges of the same date overlap (touching ends do not). */
export const intervalsOverlap = (
  a: { IntervalStart: string; IntervalEnd: string },
  b: { IntervalStart: string; IntervalEnd: string },
) =>
  minutesOfDay(a.IntervalStart) < minutesOfDay(b.IntervalEnd) &&
  minutesOfDay(b.IntervalStart) < minutesOfDay(a.IntervalEnd);

/**
 * The availability of the dates from `first` to `last` (docs/product.md#calendar): each date's own intervals,
 * plus the weekly template's of its weekday or, on a date with an exception, the exception's. Three reads
 * at once: the intervals, the template and the exceptions.
 */
export const effectiveIntervalsOf = async (nutritionistUserId: string, first: string, last: string) => {
  const [own, template, exceptions] = await Promise.all([
    listIntervals(nutritionistUserId, first, last),
    getTemplate(nutritionistUserId),
    listExceptions(nutritionistUserId, first, last),
  ]);
  return effectiveIntervals(datesBetween(first, last), own, template, exceptions);
};

/** Availability window of the slots and of CalendarSlotsAvailable: today (what is left of it) to +7 days. */
export const slotWindow = (at: Date) => romeDateWindow(at, 0, AVAILABILITY_WINDOW_DAYS.to);

// Keeps CalendarSlotsAvailable true exactly while some interval (own or the template's) of the next 7 days is still ahead.
export const refreshCalendarSlotsAvailable = async (nutritionistUserId: string, at: Date) => {
  const { first, last } = slotWindow(at);
  const intervals = await effectiveIntervalsOf(nutritionistUserId, first, last);
  const available = intervals.some(
    (interval) => romeInstant(interval.IntervalDate, interval.IntervalEnd).getTime() > at.getTime(),
  );
  await setCalendarSlotsAvailable(nutritionistUserId, available);
};

export const listDailyAvailabilities = defineOperation(
  ['Nutritionist'],
  {
    query: z.strictObject({
      from: calendarDateSchema.optional(),
      to: calendarDateSchema.optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      cursor: z.string().max(2000).optional(),
    }),
  },
  async ({ actor, query }) => {
    const window = romeDateWindow(now(), AVAILABILITY_WINDOW_DAYS.from, AVAILABILITY_WINDOW_DAYS.to);
    const cursor = pageCursor('availability', actor.userId, query.from, query.to);
    const page = await listIntervalsPage(
      actor.userId,
      query.from ?? window.first,
      query.to ?? window.last,
      query.limit,
      await cursor.decode(query.cursor),
    );
    return {
      Data: page.intervals.map(intervalView),
      Count: page.intervals.length,
      NextCursor: await cursor.encode(page.next),
    };
  },
);

const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', message, { errors: { [field]: [message] } });

export const createDailyAvailability = defineOperation(
  ['Nutritionist'],
  { body: createIntervalSchema },
  async ({ actor, body }) => {
    const nutritionistUserId = actor.userId;
    const at = now();
    if (
      body.IntervalDate < romeDate(at) ||
      romeInstant(body.IntervalDate, body.IntervalStart).getTime() <= at.getTime()
    ) {
      throw fieldError('IntervalStart', bookingTexts.intervalPast);
    }
    // Read the date's guard version first: an add committed after this read makes ours fail.
    const dayVersion = await getDayVersion(nutritionistUserId, body.IntervalDate);
    // The template's (or the exception's) intervals of the date count too: the same hours twice add nothing.
    const sameDay = await effectiveIntervalsOf(nutritionistUserId, body.IntervalDate, body.IntervalDate);
    if (sameDay.some((other) => intervalsOverlap(other, body)))
      throw new AppError('conflict', bookingTexts.intervalOverlap);
    const interval: StoredInterval = {
      IntervalId: await nextId('interval'),
      NutritionistUserId: nutritionistUserId,
      ...body,
    };
    await addInterval(interval, dayVersion);
    await refreshCalendarSlotsAvailable(nutritionistUserId, at);
    return created(intervalView(interval));
  },
);

export const deleteDailyAvailability = defineOperation(
  ['Nutritionist'],
  { path: idPath },
  async ({ actor, path }) => {
    const nutritionistUserId = actor.userId;
    const interval = await findInterval(path.id);
    // Someone else's interval is as unknown as a missing one.
    if (!interval || interval.NutritionistUserId !== nutritionistUserId) throw notFound();
    await removeInterval(interval);
    await refreshCalendarSlotsAvailable(nutritionistUserId, now());
    return noContent();
  },
);
