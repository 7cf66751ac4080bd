/**
 * The bookings area's part of a user's export (docs/product.md#privacy-centre): the patient's bookings and
 * their history events, read from the patient's own index partitions.
 */
import { exportable, indexItems, type PersonalData } from '../platform/personal-data';

export const bookingPersonalData = async (userId: string): Promise<PersonalData[]> => {
  const [bookings, events] = await Promise.all([
    indexItems('gsi1', `PATIENT#${userId}#BOOKINGS`),
    indexItems('gsi1', `PATIENT#${userId}#BOOKINGEVENTS`),
  ]);
  return [
    { section: 'bookings', items: bookings.map(exportable) },
    { section: 'booking-history', items: events.map(exportable) },
  ];
};

/** The patient's bookings by id with their time (the privacy centre names the visit of an STS opposition). */
export const patientBookingTimes = async (userId: string) =>
  new Map(
    (await indexItems('gsi1', `PATIENT#${userId}#BOOKINGS`)).map((booking) => [
      Number(booking.BookingId),
      String(booking.BookingTime),
    ]),
  );
