import { describe, expect, it } from 'vitest';
import { intervalsOverlap } from '../../src/bookings/availability';
import { isPaid, isRecurringVisit, stepWhenDone } from '../../src/bookings/booking-service';

describe('intervalsOverlap', () => {
  it('overlaps on shared minutes, not on touching ends', () => {
    const a = { IntervalStart: '09:00', IntervalEnd: '12:00' };
    expect(intervalsOverlap(a, { IntervalStart: '11:55', IntervalEnd: '13:00' })).toBe(true);
    expect(intervalsOverlap(a, { IntervalStart: '08:00', IntervalEnd: '09:05' })).toBe(true);
    expect(intervalsOverlap(a, { IntervalStart: '10:00', IntervalEnd: '10:30' })).toBe(true);
    expect(intervalsOverlap(a, { IntervalStart: '12:00', IntervalEnd: '13:00' })).toBe(false);
    expect(intervalsOverlap(a, { IntervalStart: '07:00', IntervalEnd: '09:00' })).toBe(false);
  });
});

describe('booking rules', () => {
  it('a priced booking is paid once it is BOOKED', () => {
    expect(isPaid({ BookingStatusId: 4, TotalPaymentAmount: 5500 })).toBe(false);
    expect(isPaid({ BookingStatusId: 1, TotalPaymentAmount: 5500 })).toBe(true);
    expect(isPaid({ BookingStatusId: 1, TotalPaymentAmount: 0 })).toBe(false);
  });

  it('a paid visit is recurring after one completed or late-cancelled paid visit', () => {
    expect(isRecurringVisit([])).toBe(false);
    expect(isRecurringVisit([{ BookingTypeId: 1, BookingStatusId: 2 }])).toBe(false);
    expect(isRecurringVisit([{ BookingTypeId: 2, BookingStatusId: 3 }])).toBe(false);
    expect(isRecurringVisit([{ BookingTypeId: 2, BookingStatusId: 2 }])).toBe(true);
    expect(isRecurringVisit([{ BookingTypeId: 2, BookingStatusId: 5 }])).toBe(true);
  });

  it('onboarding step once a visit is done', () => {
    expect(stepWhenDone({ BookingTypeId: 1, Recurring: false })).toBe(3);
    expect(stepWhenDone({ BookingTypeId: 2, Recurring: false })).toBe(6);
    expect(stepWhenDone({ BookingTypeId: 2, Recurring: true })).toBe(9);
    expect(stepWhenDone({ BookingTypeId: 3, Recurring: false })).toBeNull();
  });
});
