import { describe, expect, it } from 'vitest';
import {
  BookingStatus,
  BOOKING_TYPES,
  canCancel,
  canComplete,
  canCompleteAt,
  canModifyTime,
  cancellationOutcome,
  cancelReasonsFor,
  freeSlots,
  isFreeChangeAllowed,
  isOfferedSlot,
  isLocalDateTime,
  paymentDeadline,
  romeDateWindow,
  romeInstant,
  type BookingStatusId,
} from '../src';

const ALL_STATUSES: BookingStatusId[] = [1, 2, 3, 4, 5];

describe('booking types', () => {
  it('derive duration and price from the type', () => {
    expect(BOOKING_TYPES[1]).toMatchObject({
      Name: 'Incontro Conoscitivo',
      DurationMinutes: 30,
      PriceCents: 0,
    });
    expect(BOOKING_TYPES[2]).toMatchObject({
      Name: 'Visita Nutrizionale',
      DurationMinutes: 50,
      PriceCents: 5500,
    });
    expect(BOOKING_TYPES[3]).toMatchObject({ DurationMinutes: 30 });
  });

  it('offer "patient absent" only for free meetings', () => {
    expect(cancelReasonsFor(1)).toEqual([1, 2, 3, 4, 5]);
    expect(cancelReasonsFor(2)).toEqual([1, 2, 4, 5]);
    expect(cancelReasonsFor(3)).toEqual([1, 2, 4, 5]);
  });
});

describe('state machine', () => {
  it('allows cancel and modify only from BOOKED and WAITINGFORPAYMENT', () => {
    expect(ALL_STATUSES.filter(canCancel)).toEqual([BookingStatus.BOOKED, BookingStatus.WAITINGFORPAYMENT]);
    expect(ALL_STATUSES.filter(canModifyTime)).toEqual([
      BookingStatus.BOOKED,
      BookingStatus.WAITINGFORPAYMENT,
    ]);
  });

  it('allows complete only from BOOKED', () => {
    expect(ALL_STATUSES.filter(canComplete)).toEqual([BookingStatus.BOOKED]);
  });

  it('allows complete from the visit’s start only', () => {
    const start = romeInstant('2026-12-10', '18:00');
    const booked = { BookingStatusId: BookingStatus.BOOKED, BookingTime: start.toISOString() };
    expect(canCompleteAt(booked, romeInstant('2026-12-10', '17:59'))).toBe(false);
    expect(canCompleteAt(booked, start)).toBe(true);
    expect(canCompleteAt(booked, romeInstant('2026-12-13', '09:00'))).toBe(true);
    expect(canCompleteAt({ ...booked, BookingStatusId: BookingStatus.WAITINGFORPAYMENT }, start)).toBe(false);
  });

  it('refuses to cancel a finished booking', () => {
    for (const status of [2, 3, 5] as const) {
      expect(() =>
        cancellationOutcome({ status, paid: true, bookingTime: new Date() }, new Date()),
      ).toThrow();
    }
  });
});

describe('the 2-day rule (Europe/Rome)', () => {
  const visit = romeInstant('2026-12-10', '18:00');

  it('is free exactly until the same time two days before, and late one minute after', () => {
    expect(isFreeChangeAllowed(visit, romeInstant('2026-12-08', '18:00'))).toBe(true);
    expect(isFreeChangeAllowed(visit, romeInstant('2026-12-08', '18:01'))).toBe(false);
    expect(paymentDeadline(visit)).toEqual(romeInstant('2026-12-08', '18:00'));
  });

  it('refunds a paid booking cancelled in time and charges a late one', () => {
    const inTime = cancellationOutcome(
      { status: 1, paid: true, bookingTime: visit },
      romeInstant('2026-12-08', '17:59'),
    );
    expect(inTime).toEqual({ status: BookingStatus.CANCELLED, refundOwed: true, countsAsDone: false });
    const late = cancellationOutcome(
      { status: 1, paid: true, bookingTime: visit },
      romeInstant('2026-12-09', '09:00'),
    );
    expect(late).toEqual({ status: BookingStatus.CANCELLEDWITHFEE, refundOwed: false, countsAsDone: true });
    const unpaid = cancellationOutcome(
      { status: 4, paid: false, bookingTime: visit },
      romeInstant('2026-12-09', '09:00'),
    );
    expect(unpaid).toEqual({ status: BookingStatus.CANCELLED, refundOwed: false, countsAsDone: false });
  });

  it('keeps the wall-clock time across the spring-forward night (the deadline day is 23 hours)', () => {
    // Clocks go forward on Sunday 29 March 2026: 9:00 on Monday 30 minus 2 days is 9:00 on Saturday 28.
    const monday = romeInstant('2026-03-30', '09:00');
    expect(paymentDeadline(monday)).toEqual(romeInstant('2026-03-28', '09:00'));
    expect(monday.getTime() - paymentDeadline(monday).getTime()).toBe(47 * 3600_000);
  });

  it('keeps the wall-clock time across the fall-back night (the deadline day is 25 hours)', () => {
    const monday = romeInstant('2026-10-26', '09:00');
    expect(paymentDeadline(monday)).toEqual(romeInstant('2026-10-24', '09:00'));
    expect(monday.getTime() - paymentDeadline(monday).getTime()).toBe(49 * 3600_000);
  });
});

describe('isOfferedSlot', () => {
  const intervalSets = [
    [{ IntervalDate: '2026-12-02', IntervalStart: '09:00', IntervalEnd: '11:00' }],
    [
      { IntervalDate: '2026-12-02', IntervalStart: '08:15', IntervalEnd: '12:40' },
      { IntervalDate: '2026-12-02', IntervalStart: '14:00', IntervalEnd: '14:50' },
    ],
    // The spring-forward night (02:00-03:00 does not exist) and the autumn one (02:00-03:00 twice).
    [{ IntervalDate: '2026-03-29', IntervalStart: '00:30', IntervalEnd: '05:00' }],
    [{ IntervalDate: '2026-10-25', IntervalStart: '00:30', IntervalEnd: '05:00' }],
    [{ IntervalDate: '2026-10-25', IntervalStart: '02:30', IntervalEnd: '04:00' }],
  ];
  const times = Array.from({ length: 24 * 12 }, (_, n) =>
    [Math.floor(n / 12), (n % 12) * 5].map((part) => String(part).padStart(2, '0')).join(':'),
  );

  it('answers exactly as the list of freeSlots, for every 5-minute time of the day', () => {
    for (const intervals of intervalSets) {
      const date = intervals[0]!.IntervalDate;
      for (const now of [romeInstant('2026-03-01', '08:00'), romeInstant(date, '01:10')]) {
        for (const duration of [30, 50]) {
          const listed = freeSlots(intervals, [], duration, now)[date] ?? [];
          const offered = times.filter((time) => isOfferedSlot(intervals, duration, date, time, now));
          expect(offered, `${date} ${duration} min, now ${now.toISOString()}`).toEqual(listed);
        }
      }
    }
  });

  it('offers nothing on another date nor before the lead time', () => {
    const intervals = intervalSets[0]!;
    const now = romeInstant('2026-12-02', '08:30');
    expect(isOfferedSlot(intervals, 30, '2026-12-02', '09:00', now)).toBe(false);
    expect(isOfferedSlot(intervals, 30, '2026-12-02', '09:30', now)).toBe(true);
    expect(isOfferedSlot(intervals, 30, '2026-12-03', '09:30', now)).toBe(false);
  });
});

describe('freeSlots', () => {
  const now = romeInstant('2026-12-01', '08:00');

  it('steps every 30 minutes inside the interval, the visit always fitting', () => {
    const slots = freeSlots(
      [{ IntervalDate: '2026-12-02', IntervalStart: '09:00', IntervalEnd: '11:00' }],
      [],
      50,
      now,
    );
    expect(slots).toEqual({ '2026-12-02': ['09:00', '09:30', '10:00'] });
    const intro = freeSlots(
      [{ IntervalDate: '2026-12-02', IntervalStart: '09:00', IntervalEnd: '11:00' }],
      [],
      30,
      now,
    );
    expect(intro['2026-12-02']).toEqual(['09:00', '09:30', '10:00', '10:30']);
  });

  it('leaves out slots that overlap a busy period, even partly', () => {
    const busy = [{ start: romeInstant('2026-12-02', '09:40'), end: romeInstant('2026-12-02', '10:10') }];
    const slots = freeSlots(
      [{ IntervalDate: '2026-12-02', IntervalStart: '09:00', IntervalEnd: '12:00' }],
      busy,
      30,
      now,
    );
    expect(slots['2026-12-02']).toEqual(['09:00', '10:30', '11:00', '11:30']);
  });

  it('never offers the past nor the next hour', () => {
    const slots = freeSlots(
      [{ IntervalDate: '2026-12-01', IntervalStart: '07:00', IntervalEnd: '10:00' }],
      [],
      30,
      now,
    );
    expect(slots['2026-12-01']).toEqual(['09:00', '09:30']);
  });

  it('counts real time across the spring-forward night', () => {
    // 01:00-04:00 on 29 March 2026 lasts two real hours: 02:00-03:00 does not exist.
    const night = freeSlots(
      [{ IntervalDate: '2026-03-29', IntervalStart: '01:00', IntervalEnd: '04:00' }],
      [],
      30,
      romeInstant('2026-03-28', '12:00'),
    );
    expect(night['2026-03-29']).toEqual(['01:00', '01:30', '03:00', '03:30']);
  });

  it('counts real time across the fall-back night without duplicating a time', () => {
    // 01:00-04:00 on 25 October 2026 lasts four real hours; 02:00-03:00 happens twice.
    const night = freeSlots(
      [{ IntervalDate: '2026-10-25', IntervalStart: '01:00', IntervalEnd: '04:00' }],
      [],
      30,
      romeInstant('2026-10-24', '12:00'),
    );
    expect(night['2026-10-25']).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
  });
});

describe('date helpers', () => {
  it('validates YYYY-MM-DDTHH:mm strictly', () => {
    expect(isLocalDateTime('2026-12-02T09:05')).toBe(true);
    expect(isLocalDateTime('2026-02-30T09:05')).toBe(false);
    expect(isLocalDateTime('2026-12-02 09:05')).toBe(false);
    expect(isLocalDateTime('2026-12-02T9:05')).toBe(false);
  });

  it('builds the 1-7 day window on Rome dates', () => {
    expect(romeDateWindow(romeInstant('2026-12-31', '23:30'), 1, 7)).toEqual({
      first: '2027-01-01',
      last: '2027-01-07',
    });
  });
});

describe('occupiedTimeUnits', () => {
  it('covers every 5-minute unit a duration touches, so overlapping bookings share a unit', async () => {
    const { occupiedTimeUnits } = await import('../src');
    const start = romeInstant('2026-05-04', '10:00');
    const units = occupiedTimeUnits(start, 50);
    expect(units).toHaveLength(10);
    expect(units[0]).toBe(start.getTime() / 60_000);
    const next = occupiedTimeUnits(romeInstant('2026-05-04', '10:45'), 30);
    expect(next.some((unit) => units.includes(unit))).toBe(true);
    const adjacent = occupiedTimeUnits(romeInstant('2026-05-04', '10:50'), 30);
    expect(adjacent.some((unit) => units.includes(unit))).toBe(false);
  });

  it('counts real minutes across the October daylight-saving change', async () => {
    const { occupiedTimeUnits } = await import('../src');
    // 02:30 CEST then 02:30 CET: the same wall clock, an hour apart, never sharing a unit.
    const first = occupiedTimeUnits(new Date('2026-10-25T00:30:00Z'), 30);
    const second = occupiedTimeUnits(new Date('2026-10-25T01:30:00Z'), 30);
    expect(first.some((unit) => second.includes(unit))).toBe(false);
  });
});
