/**
 * The signed-in patient's bookings (docs/product.md#api, Patient): free slots of their nutritionist, booking
 * an introductory or paid visit on a slot, cancelling their introductory visit, their agenda.
 */
import {
  BOOKING_TYPES,
  BookingStatus,
  BookingType,
  CancelReason,
  PAGE_SIZE,
  bookingTexts,
  romeDate,
  romeInstant,
  selectedSlotSchema,
  type BookingTypeId,
} from '@nutri/shared';
import { z } from 'zod';
import type { Actor } from '../http/actor';
import { AppError, forbidden, notFound } from '../http/errors';
import { created, defineOperation } from '../http/operation';
import { getPatientProfile } from '../onboarding';
import { now } from '../platform/clock';
import { pageCursor } from '../platform/db/cursor';
import { actorId } from './availability';
import { bookVisit, bookingViews, cancelVisit } from './booking-service';
import { getBooking, listBookingsPage, patientBookingsPartition } from './bookings-repo';
import { slotState, slotsOfNutritionist } from './slots';

const requirePatient = async (actor: Actor | null) => {
  const profile = await getPatientProfile(actorId(actor));
  if (!profile) throw forbidden();
  return profile;
};

const requireNutritionistOf = async (actor: Actor | null) => {
  const profile = await requirePatient(actor);
  if (!profile.DefaultNutritionistUserId) throw new AppError('unprocessable', bookingTexts.noNutritionist);
  return { profile, nutritionistUserId: profile.DefaultNutritionistUserId };
};

const slotsFor = (bookingTypeId: BookingTypeId) =>
  defineOperation({}, async ({ actor }) => {
    const { nutritionistUserId } = await requireNutritionistOf(actor);
    return slotsOfNutritionist(nutritionistUserId, BOOKING_TYPES[bookingTypeId].DurationMinutes, now());
  });

export const getSlotsForIntroductionVisit = slotsFor(BookingType.FREE);
export const getSlotsForPaidVisit = slotsFor(BookingType.NORMAL);

const bookSlot = (bookingTypeId: BookingTypeId) =>
  defineOperation({ body: selectedSlotSchema }, async ({ actor, body }) => {
    const { profile, nutritionistUserId } = await requireNutritionistOf(actor);
    const at = now();
    const duration = BOOKING_TYPES[bookingTypeId].DurationMinutes;
    const state = await slotState(nutritionistUserId, duration, body.SelectedDate, body.SelectedTime, at);
    if (!state.offered) throw new AppError('unprocessable', bookingTexts.slotNotOffered);
    if (!state.free) throw new AppError('conflict', bookingTexts.slotTaken);
    const booking = await bookVisit({
      by: 'patient',
      patient: profile,
      nutritionistUserId,
      bookingTypeId,
      start: romeInstant(body.SelectedDate, body.SelectedTime),
      at,
    });
    return created({ BookingId: booking.BookingId });
  });

export const createIntroductionVisitFromCalendarSlot = bookSlot(BookingType.FREE);
export const createPaidVisitFromCalendarSlot = bookSlot(BookingType.NORMAL);

const bookingPath = z.object({ id: z.coerce.number().int().positive() });

/** The patient's own booking; anyone else's is as unknown as a missing one. */
const requireOwnBooking = async (actor: Actor | null, bookingId: number) => {
  const booking = await getBooking(bookingId);
  if (!booking || booking.PatientUserId !== actorId(actor)) throw notFound();
  return booking;
};

export const cancelIntroductionVisit = defineOperation({ path: bookingPath }, async ({ actor, path }) => {
  const booking = await requireOwnBooking(actor, path.id);
  if (booking.BookingTypeId !== BookingType.FREE)
    throw new AppError('unprocessable', bookingTexts.onlyIntroByPatient);
  if (booking.BookingStatusId !== BookingStatus.BOOKED)
    throw new AppError('unprocessable', bookingTexts.cannotCancel);
  const updated = await cancelVisit(booking, CancelReason.PATIENT_CHOICE, 'patient', now());
  return (await bookingViews([updated]))[0];
});

export const getPatientBooking = defineOperation({ path: bookingPath }, async ({ actor, path }) => {
  const booking = await requireOwnBooking(actor, path.id);
  return (await bookingViews([booking]))[0];
});

export const listPatientBookingsOperation = defineOperation(
  {
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE.patientBookings),
      cursor: z.string().max(2000).optional(),
    }),
  },
  async ({ actor, query }) => {
    const patientUserId = actorId(actor);
    const cursor = pageCursor('patient-upcoming-bookings', patientUserId);
    // Upcoming: from the start of today (Rome), BOOKED, COMPLETE or WAITINGFORPAYMENT, soonest first.
    const page = await listBookingsPage({
      index: 'gsi1',
      partition: patientBookingsPartition(patientUserId),
      from: romeInstant(romeDate(now()), '00:00').toISOString(),
      filter: {
        expression: 'BookingStatusId IN (:booked, :complete, :waiting)',
        values: {
          ':booked': BookingStatus.BOOKED,
          ':complete': BookingStatus.COMPLETE,
          ':waiting': BookingStatus.WAITINGFORPAYMENT,
        },
      },
      limit: query.limit,
      cursor: await cursor.decode(query.cursor),
    });
    return {
      Data: await bookingViews(page.bookings),
      Count: page.bookings.length,
      NextCursor: await cursor.encode(page.next),
    };
  },
);
