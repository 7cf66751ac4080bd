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
import * as z from 'zod';
import type { SignedInActor } from '../http/actor';
import { AppError, forbidden } from '../http/errors';
import { created, defineOperation } from '../http/operation';
import { idPath } from '../http/path-id';
import { getPatientProfile } from '../onboarding';
import { now } from '../platform/clock';
import { pageCursor } from '../platform/db/cursor';
import { bookVisit, bookingViews, cancelVisit, readPatientForBooking } from './booking-service';
import { pagePatientBookings } from './bookings-repo';
import { requireOwnBooking } from './own-booking';
import { isSlotOffered, slotsOfNutritionist } from './slots';

type PatientActor = SignedInActor<'Patient'>;

const requirePatient = async (actor: PatientActor) => {
  const profile = await getPatientProfile(actor.userId);
  if (!profile) throw forbidden();
  return profile;
};

const requireNutritionistOf = async (actor: PatientActor) => {
  const profile = await requirePatient(actor);
  if (!profile.DefaultNutritionistUserId) throw new AppError('unprocessable', bookingTexts.noNutritionist);
  return { profile, nutritionistUserId: profile.DefaultNutritionistUserId };
};

const slotsFor = (bookingTypeId: BookingTypeId) =>
  defineOperation(['Patient'], {}, async ({ actor }) => {
    const { nutritionistUserId } = await requireNutritionistOf(actor);
    return slotsOfNutritionist(nutritionistUserId, BOOKING_TYPES[bookingTypeId].DurationMinutes, now());
  });

export const getSlotsForIntroductionVisit = slotsFor(BookingType.FREE);
export const getSlotsForPaidVisit = slotsFor(BookingType.NORMAL);

/**
 * Reads the patient's profile and bookings at once, then the nutritionist's intervals of the date; whether
 * the time is still free is the booking transaction's lock items' to say, not a read before it
 * (docs/decisions/0021-booking-hot-path.md).
 */
const bookSlot = (bookingTypeId: BookingTypeId) =>
  defineOperation(['Patient'], { body: selectedSlotSchema }, async ({ actor, body }) => {
    const { profile, history } = await readPatientForBooking(actor.userId);
    if (!profile) throw forbidden();
    const nutritionistUserId = profile.DefaultNutritionistUserId;
    if (!nutritionistUserId) throw new AppError('unprocessable', bookingTexts.noNutritionist);
    const at = now();
    const duration = BOOKING_TYPES[bookingTypeId].DurationMinutes;
    if (!(await isSlotOffered(nutritionistUserId, duration, body.SelectedDate, body.SelectedTime, at)))
      throw new AppError('unprocessable', bookingTexts.slotNotOffered);
    const booking = await bookVisit({
      by: 'patient',
      patient: profile,
      history,
      nutritionistUserId,
      bookingTypeId,
      start: romeInstant(body.SelectedDate, body.SelectedTime),
      at,
    });
    return created({ BookingId: booking.BookingId });
  });

export const createIntroductionVisitFromCalendarSlot = bookSlot(BookingType.FREE);
export const createPaidVisitFromCalendarSlot = bookSlot(BookingType.NORMAL);

export const cancelIntroductionVisit = defineOperation(
  ['Patient'],
  { path: idPath },
  async ({ actor, path }) => {
    const booking = await requireOwnBooking('Patient', actor, path.id);
    if (booking.BookingTypeId !== BookingType.FREE)
      throw new AppError('unprocessable', bookingTexts.onlyIntroByPatient);
    if (booking.BookingStatusId !== BookingStatus.BOOKED)
      throw new AppError('unprocessable', bookingTexts.cannotCancel);
    const updated = await cancelVisit(booking, CancelReason.PATIENT_CHOICE, 'patient', now());
    return (await bookingViews([updated]))[0];
  },
);

export const getPatientBooking = defineOperation(['Patient'], { path: idPath }, async ({ actor, path }) => {
  const booking = await requireOwnBooking('Patient', actor, path.id);
  return (await bookingViews([booking]))[0];
});

export const listPatientBookingsOperation = defineOperation(
  ['Patient'],
  {
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE.patientBookings),
      cursor: z.string().max(2000).optional(),
    }),
  },
  async ({ actor, query }) => {
    const patientUserId = actor.userId;
    const cursor = pageCursor('patient-upcoming-bookings', patientUserId);
    // Upcoming: from the start of today (Rome), BOOKED, COMPLETE or WAITINGFORPAYMENT, soonest first.
    const page = await pagePatientBookings(patientUserId, {
      from: romeInstant(romeDate(now()), '00:00').toISOString(),
      statuses: [BookingStatus.BOOKED, BookingStatus.COMPLETE, BookingStatus.WAITINGFORPAYMENT],
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
