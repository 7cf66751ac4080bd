/** The bookings figures of the admin home (docs/product.md#back-office): counted gsi3 ranges, no Scan. */
import { BookingStatus } from '@nutri/shared';
import { countQuery } from '../platform/db/query';
import { BOOKING_QUEUES, REFUND_QUEUE } from './bookings-repo';

const countQueue = (queue: string, from?: string, to?: string) =>
  countQuery({
    IndexName: 'gsi3',
    KeyConditionExpression:
      from !== undefined && to !== undefined
        ? 'gsi3pk = :pk AND gsi3sk BETWEEN :from AND :to'
        : 'gsi3pk = :pk',
    ExpressionAttributeValues: {
      ':pk': queue,
      ...(from !== undefined && to !== undefined ? { ':from': from, ':to': to } : {}),
    },
  });

// Confirmed bookings whose time is in [from, to) (ISO instants).
export const countBookedBetween = (from: string, to: string) =>
  countQueue(BOOKING_QUEUES[BookingStatus.BOOKED], from, to);

// Bookings still awaiting payment whose time is in [from, to).
export const countUnpaidBetween = (from: string, to: string) =>
  countQueue(BOOKING_QUEUES[BookingStatus.WAITINGFORPAYMENT], from, to);

// Paid bookings cancelled in time whose refund is owed and not issued yet.
export const countOwedBookingRefunds = () => countQueue(REFUND_QUEUE);
