/**
 * A booking its own patient or nutritionist asks for by id. Anyone else's is as unknown as a missing one:
 * a 404, never a 403 that would tell the id exists. The side is the route's role (a patients' route reads
 * the patient's bookings), and the actor's type says the route admitted only that role.
 */
import type { SignedInActor } from '../http/actor';
import { notFound } from '../http/errors';
import { getBooking, type Booking } from './bookings-repo';

export type BookingParty = 'Patient' | 'Nutritionist';

const OWNER_FIELD = { Patient: 'PatientUserId', Nutritionist: 'NutritionistUserId' } as const;

export const requireOwnBooking = async <R extends BookingParty>(
  party: R,
  actor: SignedInActor<NoInfer<R>>,
  bookingId: number,
  notFoundText?: string,
): Promise<Booking> => {
  const booking = await getBooking(bookingId);
  if (!booking || booking[OWNER_FIELD[party]] !== actor.userId) throw notFound(notFoundText);
  return booking;
};
