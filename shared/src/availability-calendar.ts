/**
 * The nutritionist's calendar (docs/product.md#calendar): a weekly template ("ogni lunedì 9-13") on the Rome
 * wall clock, exceptions for single dates (a day off, or other hours that day), copying a week, and the
 * availability a date actually offers. Shared by the handlers (slots, the calendar view) and the web page.
 *
 * A date's availability is the union of its own intervals and of the template's intervals of its weekday,
 * unless the date has an exception: then the exception's intervals replace the template's (none: a day
 * off). Template times are wall-clock times, turned into instants per date (romeInstant), so "lunedì 9-13"
 * is 09:00-13:00 in Rome on both sides of a daylight-saving change.
 */
import * as z from 'zod';
import { bookingTexts, calendarDateSchema, minutesOfDay, timeOfDaySchema } from './booking-api';
import type { BookingStatusId } from './domain';
import { addRomeDays } from './time';

export const calendarTexts = {
  templateOverlap: 'L’intervallo si sovrappone a un altro intervallo dello stesso giorno della settimana.',
  exceptionOverlap: 'L’intervallo si sovrappone a un altro intervallo dello stesso giorno.',
  exceptionPast: 'Non puoi cambiare la disponibilità di un giorno già passato.',
  notMonday: 'Indica il lunedì della settimana.',
  sameWeek: 'Scegli una settimana diversa da quella da copiare.',
  copyPast: 'Non puoi copiare su una settimana già passata.',
  tooManyIntervals: 'Troppi intervalli: al massimo 50 per giorno.',
  copyTooLarge: 'La settimana ha troppe disponibilità da copiare in una volta: copiale un giorno alla volta.',
  rangeTooLong: 'Chiedi al massimo 7 giorni alla volta.',
  rangeOrder: 'La data di inizio deve precedere quella di fine.',
  weekdayInvalid: 'Giorno della settimana non valido (1 = lunedì … 7 = domenica).',
} as const;

export const WEEKDAY_NAMES = ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'];

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday (a date's weekday is the same in every zone). */
export const isoWeekday = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The Monday of the week holding `date` (weeks start on Monday, docs/product.md#limits). */
export const mondayOf = (date: string) => addRomeDays(date, 1 - isoWeekday(date));

/** The 7 dates of the week starting on `monday`. */
export const weekDates = (monday: string) => Array.from({ length: 7 }, (_, i) => addRomeDays(monday, i));

/** The dates from `first` to `last`, inclusive. */
export const datesBetween = (first: string, last: string) => {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addRomeDays(date, 1)) dates.push(date);
  return dates;
};

/** A start and end on the wall clock, on the 5-minute grid. */
export interface TimeRange {
  IntervalStart: string;
  IntervalEnd: string;
}

export interface TemplateInterval extends TimeRange {
  /** 1 Monday … 7 Sunday. */
  Weekday: number;
}

/** Index of the first range overlapping an earlier one of the same group (touching ends do not). */
const firstOverlap = <T extends TimeRange>(ranges: readonly T[], sameGroup: (a: T, b: T) => boolean) =>
  ranges.findIndex((range, index) =>
    ranges
      .slice(0, index)
      .some(
        (other) =>
          sameGroup(range, other) &&
          minutesOfDay(range.IntervalStart) < minutesOfDay(other.IntervalEnd) &&
          minutesOfDay(other.IntervalStart) < minutesOfDay(range.IntervalEnd),
      ),
  );

const startBeforeEnd = {
  check: (value: TimeRange) => minutesOfDay(value.IntervalStart) < minutesOfDay(value.IntervalEnd),
  params: { error: bookingTexts.intervalOrder, path: ['IntervalEnd'] },
};

const timeRangeSchema = z
  .strictObject({ IntervalStart: timeOfDaySchema, IntervalEnd: timeOfDaySchema })
  .refine(startBeforeEnd.check, startBeforeEnd.params);

const templateIntervalSchema = z
  .strictObject({
    Weekday: z
      .number({ error: calendarTexts.weekdayInvalid })
      .int({ error: calendarTexts.weekdayInvalid })
      .min(1, { error: calendarTexts.weekdayInvalid })
      .max(7, { error: calendarTexts.weekdayInvalid }),
    IntervalStart: timeOfDaySchema,
    IntervalEnd: timeOfDaySchema,
  })
  .refine(startBeforeEnd.check, startBeforeEnd.params);

const MAX_INTERVALS = 50;

export const availabilityTemplateSchema = z
  .strictObject({
    Intervals: z
      .array(templateIntervalSchema)
      .max(7 * MAX_INTERVALS, { error: calendarTexts.tooManyIntervals }),
  })
  .superRefine((value, context) => {
    const index = firstOverlap(value.Intervals, (a, b) => a.Weekday === b.Weekday);
    if (index >= 0)
      context.addIssue({
        code: 'custom',
        message: calendarTexts.templateOverlap,
        path: ['Intervals', index],
      });
  });
export type AvailabilityTemplateRequest = z.infer<typeof availabilityTemplateSchema>;

/** A date's exception: the intervals that replace the template's that day (none: a day off). */
export const availabilityExceptionSchema = z
  .strictObject({
    Intervals: z.array(timeRangeSchema).max(MAX_INTERVALS, { error: calendarTexts.tooManyIntervals }),
  })
  .superRefine((value, context) => {
    const index = firstOverlap(value.Intervals, () => true);
    if (index >= 0)
      context.addIssue({
        code: 'custom',
        message: calendarTexts.exceptionOverlap,
        path: ['Intervals', index],
      });
  });
export type AvailabilityExceptionRequest = z.infer<typeof availabilityExceptionSchema>;

const mondaySchema = calendarDateSchema.refine((date) => isoWeekday(date) === 1, {
  error: calendarTexts.notMonday,
});
export const copyWeekSchema = z
  .strictObject({ FromWeek: mondaySchema, ToWeek: mondaySchema })
  .refine((value) => value.FromWeek !== value.ToWeek, { error: calendarTexts.sameWeek, path: ['ToWeek'] });
export type CopyWeekRequest = z.infer<typeof copyWeekSchema>;

/** Where an interval of a date comes from. */
export type IntervalSource = 'interval' | 'template' | 'exception';

export interface EffectiveInterval extends TimeRange {
  IntervalDate: string;
  Source: IntervalSource;
  /** The date's own interval (removable one by one); null for the template's and an exception's. */
  IntervalId: number | null;
}

export interface AvailabilityException {
  ExceptionDate: string;
  Intervals: TimeRange[];
}

/**
 * The availability of each date: its own intervals plus the template's of its weekday, or the exception's
 * instead of the template's. By date, then start time.
 */
export const effectiveIntervals = (
  dates: readonly string[],
  own: readonly (TimeRange & { IntervalDate: string; IntervalId: number })[],
  template: readonly TemplateInterval[],
  exceptions: readonly AvailabilityException[],
): EffectiveInterval[] =>
  dates.flatMap((date) => {
    const exception = exceptions.find((item) => item.ExceptionDate === date);
    const recurring: EffectiveInterval[] = exception
      ? exception.Intervals.map((range) => ({
          IntervalDate: date,
          IntervalStart: range.IntervalStart,
          IntervalEnd: range.IntervalEnd,
          Source: 'exception',
          IntervalId: null,
        }))
      : template
          .filter((range) => range.Weekday === isoWeekday(date))
          .map((range) => ({
            IntervalDate: date,
            IntervalStart: range.IntervalStart,
            IntervalEnd: range.IntervalEnd,
            Source: 'template',
            IntervalId: null,
          }));
    const dated: EffectiveInterval[] = own
      .filter((interval) => interval.IntervalDate === date)
      .map((interval) => ({
        IntervalDate: date,
        IntervalStart: interval.IntervalStart,
        IntervalEnd: interval.IntervalEnd,
        Source: 'interval',
        IntervalId: interval.IntervalId,
      }));
    return [...recurring, ...dated].sort((a, b) => a.IntervalStart.localeCompare(b.IntervalStart));
  });

/** The calendar of some days (`GET CurrentNutritionist/Calendar`), what the week and day views draw. */
export interface CalendarRangeView {
  From: string;
  To: string;
  /** Each interval with its instants (ISO, UTC) beside the wall-clock times. */
  Intervals: (EffectiveInterval & { Start: string; End: string })[];
  Exceptions: AvailabilityException[];
  Bookings: {
    BookingId: number;
    BookingTime: string;
    Duration: number;
    BookingStatusId: BookingStatusId;
    BookingTypeName: string;
    PatientDisplayName: string;
    /** A visit that holds time and now overlaps a busy time of Google Calendar (docs/product.md#google-calendar). */
    GoogleConflict: boolean;
  }[];
  /** Google's busy times of the days, when connected (never the events' content). */
  GoogleBusy: { Start: string; End: string }[];
  /** Why Google's busy times are missing, in Italian; null when connected and answering or not connected. */
  GoogleWarning: string | null;
}

export interface AvailabilityTemplateView {
  Intervals: TemplateInterval[];
}
