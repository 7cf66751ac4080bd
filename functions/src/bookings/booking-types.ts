/** GET BookingTypes: the three booking types with their fixed duration and price (docs/product.md#data). */
import { BOOKING_TYPES } from '@nutri/shared';
import { defineOperation } from '../http/operation';

export const listBookingTypes = defineOperation('public', {}, () =>
  Promise.resolve({
    Data: Object.values(BOOKING_TYPES).map((type) => ({
      BookingTypeId: type.BookingTypeId,
      Name: type.Name,
      Duration: type.DurationMinutes,
      Price: type.PriceCents / 100,
    })),
  }),
);
