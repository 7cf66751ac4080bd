import { describe, expect, it } from 'vitest';
import { BookingStatus, BookingType } from '@nutri/shared';
import { intervalsOverlap } from '../../src/bookings/availability';
import { isPaid, isRecurringVisit } from '../../src/bookings/booking-service';

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
    expect(isPaid({ BookingStatusId: BookingStatus.WAITINGFORPAYMENT, TotalPaymentAmount: 5500 })).toBe(
      false,
    );
    expect(isPaid({ BookingStatusId: BookingStatus.BOOKED, TotalPaymentAmount: 5500 })).toBe(true);
    expect(isPaid({ BookingStatusId: BookingStatus.BOOKED, TotalPaymentAmount: 0 })).toBe(false);
  });

  it('a paid visit is recurring after one completed or late-cancelled paid visit', () => {
    expect(isRecurringVisit([])).toBe(false);
    expect(
      isRecurringVisit([{ BookingTypeId: BookingType.FREE, BookingStatusId: BookingStatus.COMPLETE }]),
    ).toBe(false);
    expect(
      isRecurringVisit([{ BookingTypeId: BookingType.NORMAL, BookingStatusId: BookingStatus.CANCELLED }]),
    ).toBe(false);
    expect(
      isRecurringVisit([{ BookingTypeId: BookingType.NORMAL, BookingStatusId: BookingStatus.COMPLETE }]),
    ).toBe(true);
    expect(
      isRecurringVisit([
        { BookingTypeId: BookingType.NORMAL, BookingStatusId: BookingStatus.CANCELLEDWITHFEE },
      ]),
    ).toBe(true);
  });
});
