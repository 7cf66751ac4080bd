/**
 * What the business dashboards count of a booking (docs/product.md#business-dashboards): its parties, type,
 * status, time, and the money received and refunded, as a fact keyed by the booking's `version`.
 */
import type { BookingFact } from '../platform/dashboard-facts';
import { toBooking } from './bookings-repo';

/** The fact of a stored booking item; null for any other item (its copies and events included). */
export const bookingFactOfItem = (item: Record<string, unknown>): BookingFact | null => {
  if (item.type !== 'Booking') return null;
  const booking = toBooking(item);
  const refund = booking.Refund && booking.Refund.State !== 'failed' ? booking.Refund : null;
  return {
    kind: 'booking',
    id: String(booking.BookingId),
    revision: String(booking.version),
    subject: booking.PatientUserId,
    BookingId: booking.BookingId,
    NutritionistUserId: booking.NutritionistUserId,
    BookingTypeId: booking.BookingTypeId,
    BookingStatusId: booking.BookingStatusId,
    BookingTime: booking.BookingTime,
    CreatedAt: booking.createdAt,
    PaidAt: booking.Payment?.PaidAt ?? null,
    AmountPaid: booking.Payment?.AmountPaid ?? 0,
    RefundedAt: refund?.IssuedAt ?? null,
    RefundAmount: refund?.Amount ?? 0,
  };
};
