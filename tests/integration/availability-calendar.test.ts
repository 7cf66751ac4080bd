/**
 * The nutritionist's calendar on the running local stack (docs/product.md#calendar): the weekly template
 * across the daylight-saving weeks of March and October 2027 (wall-clock hours, the right instants, the
 * slots offered accordingly), exceptions, copying a week, Italian validation, roles and ownership. The
 * handler runs in this process with its clock moved to those weeks (support/in-process.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  bookingTexts,
  calendarTexts,
  romeInstant,
  type AvailabilityTemplateView,
  type CalendarRangeView,
  type SlotsByDate,
} from '@nutri/shared';
import { api } from './support/api';
import { connected, googleDev } from './support/google';
import { handlerApiAt } from './support/in-process';
import { createNutritionist, createPatientOf, romeDateIn } from './support/visits';

/** Sunday mornings (10:00 or 11:00 in Rome) before each change and on the day of it. */
const BEFORE_SPRING = new Date('2027-03-21T09:00:00Z');
const SPRING_SUNDAY = new Date('2027-03-28T09:00:00Z');
const BEFORE_AUTUMN = new Date('2027-10-24T09:00:00Z');
const AUTUMN_SUNDAY = new Date('2027-10-31T09:00:00Z');

type Failure = { message: string; Errors?: Record<string, string[]> };

const MORNING = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];

const setUp = async () => {
  const nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id);
  const at = (instant: Date) => ({
    template: (body: unknown) =>
      handlerApiAt<AvailabilityTemplateView & Failure>(
        instant,
        'PUT',
        'CurrentNutritionist/AvailabilityTemplate',
        nutritionist.token,
        body,
      ),
    calendar: (from: string, to: string, token = nutritionist.token) =>
      handlerApiAt<CalendarRangeView & Failure>(
        instant,
        'GET',
        `CurrentNutritionist/Calendar?from=${from}&to=${to}`,
        token,
      ),
    slots: () =>
      handlerApiAt<SlotsByDate>(
        instant,
        'GET',
        'CurrentPatient/AvailableSlots/GetSlotsForIntroductionVisit',
        patient.token,
      ),
    exception: (date: string, intervals: [string, string][] | null, token = nutritionist.token) =>
      handlerApiAt<Failure>(
        instant,
        intervals ? 'PUT' : 'DELETE',
        `CurrentNutritionist/AvailabilityExceptions/${date}`,
        token,
        intervals
          ? { Intervals: intervals.map(([start, end]) => ({ IntervalStart: start, IntervalEnd: end })) }
          : undefined,
      ),
    interval: (date: string, start: string, end: string) =>
      handlerApiAt<{ IntervalId: number } & Failure>(
        instant,
        'POST',
        'CurrentNutritionist/DailyAvailabilities',
        nutritionist.token,
        { IntervalDate: date, IntervalStart: start, IntervalEnd: end },
      ),
    copy: (body: unknown, token = nutritionist.token) =>
      handlerApiAt<{ CopiedDays: number } & Failure>(
        instant,
        'POST',
        'CurrentNutritionist/DailyAvailabilities/CopyWeek',
        token,
        body,
      ),
  });
  return { nutritionist, patient, at };
};

/** Monday 09:00-13:00 and Sunday 01:00-04:00 (the hours the clocks change in). */
const TEMPLATE = {
  Intervals: [
    { Weekday: 1, IntervalStart: '09:00', IntervalEnd: '13:00' },
    { Weekday: 7, IntervalStart: '01:00', IntervalEnd: '04:00' },
  ],
};

const instantsOf = (view: CalendarRangeView, date: string) =>
  view.Intervals.filter((interval) => interval.IntervalDate === date).map((interval) => [
    interval.Start,
    interval.End,
  ]);

describe('weekly template across daylight-saving changes', () => {
  it('March 2027: Monday 09:00-13:00 in Rome before and after the change, the short night offers what exists', async () => {
    const { at } = await setUp();
    expect((await at(BEFORE_SPRING).template(TEMPLATE)).status).toBe(200);

    const before = await at(BEFORE_SPRING).calendar('2027-03-22', '2027-03-28');
    expect(before.status).toBe(200);
    // Winter time (UTC+1) on the Monday; the Sunday starts in winter time and ends in summer time.
    expect(instantsOf(before.body, '2027-03-22')).toEqual([
      ['2027-03-22T08:00:00.000Z', '2027-03-22T12:00:00.000Z'],
    ]);
    expect(instantsOf(before.body, '2027-03-28')).toEqual([
      ['2027-03-28T00:00:00.000Z', '2027-03-28T02:00:00.000Z'],
    ]);
    const slotsBefore = await at(BEFORE_SPRING).slots();
    expect(slotsBefore.body['2027-03-22']).toEqual(MORNING);
    // 02:00-03:00 does not exist that night: two hours of visits, none named in the skipped hour.
    expect(slotsBefore.body['2027-03-28']).toEqual(['01:00', '01:30', '03:00', '03:30']);

    const after = await at(SPRING_SUNDAY).calendar('2027-03-29', '2027-04-04');
    expect(instantsOf(after.body, '2027-03-29')).toEqual([
      ['2027-03-29T07:00:00.000Z', '2027-03-29T11:00:00.000Z'],
    ]);
    expect((await at(SPRING_SUNDAY).slots()).body['2027-03-29']).toEqual(MORNING);
  });

  it('October 2027: Monday 09:00-13:00 in Rome before and after the change, the long night offers its hours once', async () => {
    const { at } = await setUp();
    expect((await at(BEFORE_AUTUMN).template(TEMPLATE)).status).toBe(200);

    const before = await at(BEFORE_AUTUMN).calendar('2027-10-25', '2027-10-31');
    expect(instantsOf(before.body, '2027-10-25')).toEqual([
      ['2027-10-25T07:00:00.000Z', '2027-10-25T11:00:00.000Z'],
    ]);
    // Summer time at 01:00, winter time at 04:00: four hours long.
    expect(instantsOf(before.body, '2027-10-31')).toEqual([
      ['2027-10-30T23:00:00.000Z', '2027-10-31T03:00:00.000Z'],
    ]);
    const slotsBefore = await at(BEFORE_AUTUMN).slots();
    expect(slotsBefore.body['2027-10-25']).toEqual(MORNING);
    expect(slotsBefore.body['2027-10-31']).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);

    const after = await at(AUTUMN_SUNDAY).calendar('2027-11-01', '2027-11-07');
    expect(instantsOf(after.body, '2027-11-01')).toEqual([
      ['2027-11-01T08:00:00.000Z', '2027-11-01T12:00:00.000Z'],
    ]);
    expect((await at(AUTUMN_SUNDAY).slots()).body['2027-11-01']).toEqual(MORNING);
  });
});

describe('exceptions, own intervals and validation', () => {
  it('a day off and other hours replace the template that day; own intervals add to it', async () => {
    const { at } = await setUp();
    const now = at(BEFORE_SPRING);
    await now.template(TEMPLATE);

    expect((await now.exception('2027-03-22', [])).status).toBe(200);
    expect((await now.slots()).body['2027-03-22']).toBeUndefined();
    const dayOff = await now.calendar('2027-03-22', '2027-03-22');
    expect(dayOff.body.Intervals).toEqual([]);
    expect(dayOff.body.Exceptions).toEqual([{ ExceptionDate: '2027-03-22', Intervals: [] }]);

    expect((await now.exception('2027-03-22', [['14:00', '15:00']])).status).toBe(200);
    expect((await now.interval('2027-03-22', '16:00', '17:00')).status).toBe(201);
    expect((await now.slots()).body['2027-03-22']).toEqual(['14:00', '14:30', '16:00', '16:30']);
    const sources = await now.calendar('2027-03-22', '2027-03-22');
    expect(sources.body.Intervals.map((interval) => [interval.IntervalStart, interval.Source])).toEqual([
      ['14:00', 'exception'],
      ['16:00', 'interval'],
    ]);

    expect((await now.exception('2027-03-22', null)).status).toBe(204);
    expect((await now.slots()).body['2027-03-22']).toEqual([...MORNING, '16:00', '16:30']);
  });

  it('refuses overlaps, reversed hours and the past with Italian messages', async () => {
    const { at } = await setUp();
    const now = at(BEFORE_SPRING);
    const overlap = await now.template({
      Intervals: [
        { Weekday: 2, IntervalStart: '09:00', IntervalEnd: '12:00' },
        { Weekday: 3, IntervalStart: '11:00', IntervalEnd: '12:00' },
        { Weekday: 2, IntervalStart: '11:00', IntervalEnd: '14:00' },
      ],
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.Errors?.['Intervals.2']).toEqual([calendarTexts.templateOverlap]);
    const reversed = await now.template({
      Intervals: [{ Weekday: 2, IntervalStart: '12:00', IntervalEnd: '09:00' }],
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.Errors?.['Intervals.0.IntervalEnd']).toEqual([bookingTexts.intervalOrder]);
    const weekday = await now.template({
      Intervals: [{ Weekday: 8, IntervalStart: '09:00', IntervalEnd: '10:00' }],
    });
    expect(weekday.status).toBe(400);
    expect(weekday.body.Errors?.['Intervals.0.Weekday']).toEqual([calendarTexts.weekdayInvalid]);

    const exceptionOverlap = await now.exception('2027-03-23', [
      ['09:00', '10:00'],
      ['09:30', '11:00'],
    ]);
    expect(exceptionOverlap.status).toBe(400);
    expect(exceptionOverlap.body.Errors?.['Intervals.1']).toEqual([calendarTexts.exceptionOverlap]);
    const past = await now.exception('2027-03-20', []);
    expect(past.status).toBe(400);
    expect(past.body.Errors?.ExceptionDate).toEqual([calendarTexts.exceptionPast]);

    // An own interval over the template's hours of that date adds nothing: refused as an overlap.
    await now.template(TEMPLATE);
    const overTemplate = await now.interval('2027-03-22', '12:00', '14:00');
    expect(overTemplate.status).toBe(409);
    expect(overTemplate.body.message).toBe(bookingTexts.intervalOverlap);

    const tooLong = await now.calendar('2027-03-22', '2027-03-29');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.Errors?.to).toEqual([calendarTexts.rangeTooLong]);
  });
});

describe('copying a week', () => {
  it('makes each day of the target week what the same weekday of the source is, and refuses bad weeks', async () => {
    const { at } = await setUp();
    const now = at(BEFORE_SPRING);
    await now.template(TEMPLATE);
    await now.interval('2027-03-23', '15:00', '16:00');
    await now.exception('2027-03-24', []);
    await now.interval('2027-03-31', '09:00', '10:00');
    await now.interval('2027-03-30', '08:00', '08:30');

    const copied = await now.copy({ FromWeek: '2027-03-22', ToWeek: '2027-03-29' });
    expect(copied.status).toBe(200);
    expect(copied.body.CopiedDays).toBe(7);
    const target = await now.calendar('2027-03-29', '2027-04-04');
    expect(
      target.body.Intervals.map((interval) => [
        interval.IntervalDate,
        interval.IntervalStart,
        interval.IntervalEnd,
        interval.Source,
      ]),
    ).toEqual([
      ['2027-03-29', '09:00', '13:00', 'template'],
      ['2027-03-30', '15:00', '16:00', 'interval'],
      ['2027-04-04', '01:00', '04:00', 'template'],
    ]);
    expect(target.body.Exceptions).toEqual([{ ExceptionDate: '2027-03-31', Intervals: [] }]);
    // The source week is untouched.
    const source = await now.calendar('2027-03-22', '2027-03-28');
    expect(source.body.Intervals.map((interval) => interval.IntervalDate)).toEqual([
      '2027-03-22',
      '2027-03-23',
      '2027-03-28',
    ]);

    const notMonday = await now.copy({ FromWeek: '2027-03-23', ToWeek: '2027-03-29' });
    expect(notMonday.status).toBe(400);
    expect(notMonday.body.Errors?.FromWeek).toEqual([calendarTexts.notMonday]);
    const same = await now.copy({ FromWeek: '2027-03-22', ToWeek: '2027-03-22' });
    expect(same.body.Errors?.ToWeek).toEqual([calendarTexts.sameWeek]);
    const past = await now.copy({ FromWeek: '2027-03-22', ToWeek: '2027-03-08' });
    expect(past.status).toBe(400);
    expect(past.body.Errors?.ToWeek).toEqual([calendarTexts.copyPast]);
  });
});

describe('roles and ownership', () => {
  it('each nutritionist edits and reads only their own calendar; a patient is refused', async () => {
    const first = await setUp();
    const second = await setUp();
    const now = first.at(BEFORE_SPRING);
    await now.template(TEMPLATE);
    await now.interval('2027-03-23', '15:00', '16:00');

    // The other nutritionist's template, day off and copy change only their own calendar.
    const other = second.at(BEFORE_SPRING);
    expect((await other.template({ Intervals: [] })).status).toBe(200);
    expect((await other.exception('2027-03-22', [])).status).toBe(200);
    expect((await other.copy({ FromWeek: '2027-03-29', ToWeek: '2027-03-22' })).status).toBe(200);
    const otherView = await other.calendar('2027-03-22', '2027-03-28');
    expect(otherView.body.Intervals).toEqual([]);
    expect((await now.slots()).body['2027-03-22']).toEqual(MORNING);
    expect((await now.slots()).body['2027-03-23']).toEqual(['15:00', '15:30']);
    const mine = await now.calendar('2027-03-22', '2027-03-28');
    expect(mine.body.Intervals).toHaveLength(3);

    const patientToken = first.patient.token;
    const refused = [
      await now.calendar('2027-03-22', '2027-03-28', patientToken),
      await now.exception('2027-03-22', [], patientToken),
      await now.exception('2027-03-22', null, patientToken),
      await now.copy({ FromWeek: '2027-03-22', ToWeek: '2027-03-29' }, patientToken),
      await handlerApiAt(BEFORE_SPRING, 'PUT', 'CurrentNutritionist/AvailabilityTemplate', patientToken, {
        Intervals: [],
      }),
      await handlerApiAt(BEFORE_SPRING, 'GET', 'CurrentNutritionist/AvailabilityTemplate', patientToken),
    ];
    expect(refused.map((result) => result.status)).toEqual([403, 403, 403, 403, 403, 403]);
  });
});

describe('visits overlapping Google Calendar', () => {
  it('flags a visit that a new Google event overlaps, not the one whose only busy time is its own event', async () => {
    const { nutritionist, email } = await connected();
    const patient = await createPatientOf(nutritionist.id);
    const day = romeDateIn(3);
    const book = async (time: string) => {
      const booked = await api<{ BookingId: number }>('POST', 'CurrentNutritionist/Bookings', {
        token: nutritionist.token,
        body: {
          PatientUserId: patient.id,
          NutritionistUserId: nutritionist.id,
          BookingTypeId: 3,
          BookingTime: `${day}T${time}`,
        },
      });
      expect(booked.status).toBe(201);
      return booked.body.BookingId;
    };
    const overlapped = await book('10:00');
    const alone = await book('14:00');
    // Google's own copy of the 14:00 visit (the outbox writes it), and a dentist from 10:20 to 11:00.
    for (const [from, to] of [
      ['14:00', '14:30'],
      ['10:20', '11:00'],
    ] as const)
      await googleDev(`accounts/${encodeURIComponent(email)}/events`, {
        start: { dateTime: romeInstant(day, from).toISOString() },
        end: { dateTime: romeInstant(day, to).toISOString() },
        summary: 'Impegno',
      });

    const view = await api<CalendarRangeView>('GET', `CurrentNutritionist/Calendar?from=${day}&to=${day}`, {
      token: nutritionist.token,
    });
    expect(view.status).toBe(200);
    const flags = Object.fromEntries(
      view.body.Bookings.map((booking) => [booking.BookingId, booking.GoogleConflict]),
    );
    expect(flags).toEqual({ [overlapped]: true, [alone]: false });
    // The dentist is among the busy times (with the visit's own event, if already written, merged in).
    const dentist = [romeInstant(day, '10:20').toISOString(), romeInstant(day, '11:00').toISOString()];
    expect(view.body.GoogleBusy.some((busy) => busy.Start <= dentist[0]! && busy.End >= dentist[1]!)).toBe(
      true,
    );
    expect(view.body.GoogleWarning).toBeNull();
  });
});
