import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { BookingStatus, BookingType } from '@nutri/shared';
import { bookingOutboxHandlers, bookingTopic, BOOKING_TOPIC } from '../../src/bookings/booking-effects';
import { bookingSnapshotSchema } from '../../src/bookings/booking-mails';
import { paymentTopic } from '../../src/payments/payment-effects';
import { unappliedPaymentTopic } from '../../src/payments/unapplied-payments';
import type { OutboxEntry } from '../../src/platform/outbox';

const at = new Date('2026-03-02T09:00:00.000Z');

const snapshot = {
  BookingId: 41,
  BookingTime: '2026-03-05T10:00:00.000Z',
  PreviousBookingTime: null,
  BookingTypeId: BookingType.NORMAL,
  BookingStatusId: BookingStatus.WAITINGFORPAYMENT,
  Duration: 50,
  TotalPaymentAmount: 5500,
  RefundOwed: false,
  ScheduledAt: '2026-03-02T08:59:00.000Z',
};

const bookingEffect = {
  event: 'created' as const,
  by: 'patient' as const,
  patientUserId: 'patient-1',
  nutritionistUserId: 'nutritionist-1',
  booking: snapshot,
  chat: 'BookingCreated' as const,
  mails: ['patient' as const, 'nutritionist' as const],
};

/** An item as the table could hold it: written by older code, by hand, or damaged. */
const storedItem = (topic: string, payload: Record<string, unknown>): OutboxEntry => ({
  OutboxId: 'outbox-1',
  Topic: topic,
  Payload: payload,
  CreatedAt: at.toISOString(),
});

describe('outbox topics: one schema for the writer and the reader', () => {
  it('writes a payload the reader reads back as written (defaults applied once, at the write)', () => {
    const entry = bookingTopic.entry(bookingEffect, at);
    expect(entry.Topic).toBe(BOOKING_TOPIC);
    expect(bookingTopic.payload(entry)).toEqual({ ...bookingEffect, urgent: false, bySupport: false });
  });

  it('refuses a malformed payload at write time, before it can go into a transaction', () => {
    const bad = { ...bookingEffect, booking: { ...snapshot, BookingTypeId: 7 } };
    // @ts-expect-error the writer's payload is typed by the topic's schema
    expect(() => bookingTopic.entry(bad, at)).toThrow(z.ZodError);
    // @ts-expect-error a field the schema does not have is a type error too
    expect(() => unappliedPaymentTopic.entry({ patientUserId: 'p', bookingId: 1 }, at)).toThrow(z.ZodError);
  });

  it('refuses a malformed item on delivery: the handler fails before any step runs', async () => {
    const step = vi.fn(() => Promise.resolve());
    const { BookingId: _, ...withoutId } = snapshot;
    for (const payload of [
      { ...bookingEffect, booking: withoutId },
      { ...bookingEffect, booking: { ...snapshot, BookingStatusId: 9 } },
      { ...bookingEffect, event: 'exploded' },
      {},
    ]) {
      const item = storedItem(BOOKING_TOPIC, payload);
      expect(() => bookingTopic.payload(item)).toThrow(z.ZodError);
      await expect(bookingOutboxHandlers[BOOKING_TOPIC]!(item, step)).rejects.toThrow(z.ZodError);
    }
    expect(step).not.toHaveBeenCalled();
  });

  it('does not read an item of another topic as its own', () => {
    const entry = paymentTopic.entry(
      {
        patientUserId: 'patient-1',
        nutritionistUserId: 'nutritionist-1',
        booking: { ...snapshot, AmountPaid: 5500 },
      },
      at,
    );
    expect(() => bookingTopic.payload(entry)).toThrow(/topic payment read as booking/);
  });

  it('the booking and payment topics share the one booking snapshot schema', () => {
    const paymentBooking = paymentTopic.schema.shape.booking.shape;
    for (const field of ['BookingId', 'BookingTime', 'BookingTypeId', 'BookingStatusId', 'Duration'] as const)
      expect(paymentBooking[field]).toBe(bookingSnapshotSchema.shape[field]);
    expect(() =>
      paymentTopic.payload(
        storedItem('payment', {
          patientUserId: 'patient-1',
          nutritionistUserId: 'nutritionist-1',
          booking: { ...snapshot, BookingTypeId: 0, AmountPaid: 5500 },
        }),
      ),
    ).toThrow(z.ZodError);
  });
});
