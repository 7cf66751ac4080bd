import { describe, expect, it } from 'vitest';
import {
  availabilityExceptionSchema,
  availabilityTemplateSchema,
  bookingTexts,
  calendarTexts,
  copyWeekSchema,
  effectiveIntervals,
  isoWeekday,
  mondayOf,
  weekDates,
} from '../src';

describe('weeks', () => {
  it('numbers weekdays from Monday and finds the Monday of a week, across the change of hour', () => {
    expect(isoWeekday('2027-03-22')).toBe(1);
    expect(isoWeekday('2027-03-28')).toBe(7);
    expect(mondayOf('2027-03-28')).toBe('2027-03-22');
    expect(mondayOf('2027-11-01')).toBe('2027-11-01');
    expect(weekDates('2027-10-25')).toEqual([
      '2027-10-25',
      '2027-10-26',
      '2027-10-27',
      '2027-10-28',
      '2027-10-29',
      '2027-10-30',
      '2027-10-31',
    ]);
  });
});

describe('effectiveIntervals', () => {
  const template = [
    { Weekday: 1, IntervalStart: '09:00', IntervalEnd: '13:00' },
    { Weekday: 2, IntervalStart: '14:00', IntervalEnd: '18:00' },
  ];
  it('adds own intervals to the template, and an exception replaces the template that day', () => {
    const own = [{ IntervalId: 7, IntervalDate: '2027-03-22', IntervalStart: '07:00', IntervalEnd: '08:00' }];
    const exceptions = [{ ExceptionDate: '2027-03-23', Intervals: [] }];
    expect(
      effectiveIntervals(['2027-03-22', '2027-03-23', '2027-03-29'], own, template, exceptions).map(
        (interval) => [interval.IntervalDate, interval.IntervalStart, interval.Source, interval.IntervalId],
      ),
    ).toEqual([
      ['2027-03-22', '07:00', 'interval', 7],
      ['2027-03-22', '09:00', 'template', null],
      ['2027-03-29', '09:00', 'template', null],
    ]);
    const otherHours = [
      { ExceptionDate: '2027-03-29', Intervals: [{ IntervalStart: '15:00', IntervalEnd: '16:00' }] },
    ];
    expect(effectiveIntervals(['2027-03-29'], [], template, otherHours).map((i) => i.Source)).toEqual([
      'exception',
    ]);
  });
});

describe('schemas', () => {
  it('refuses overlaps on a weekday, reversed hours and weeks that are not Mondays', () => {
    const overlap = availabilityTemplateSchema.safeParse({
      Intervals: [
        { Weekday: 1, IntervalStart: '09:00', IntervalEnd: '12:00' },
        { Weekday: 2, IntervalStart: '09:00', IntervalEnd: '12:00' },
        { Weekday: 1, IntervalStart: '12:00', IntervalEnd: '13:00' },
        { Weekday: 1, IntervalStart: '11:55', IntervalEnd: '12:30' },
      ],
    });
    expect(overlap.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['Intervals.3', calendarTexts.templateOverlap],
    ]);
    const reversed = availabilityExceptionSchema.safeParse({
      Intervals: [{ IntervalStart: '12:00', IntervalEnd: '09:00' }],
    });
    expect(reversed.error?.issues[0]?.message).toBe(bookingTexts.intervalOrder);
    expect(copyWeekSchema.safeParse({ FromWeek: '2027-03-22', ToWeek: '2027-03-29' }).success).toBe(true);
    expect(
      copyWeekSchema.safeParse({ FromWeek: '2027-03-23', ToWeek: '2027-03-29' }).error?.issues[0]?.message,
    ).toBe(calendarTexts.notMonday);
  });
});
