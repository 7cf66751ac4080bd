/**
 * The signed-in nutritionist's bookings (docs/product.md#api, Nutritionist): create one for an own patient,
 * cancel with a reason, move, complete, the lists (home window, bookings page, a patient's bookings),
 * a patient's price per type and the own-patient search of the pickers.
 */
import {
  BOOKING_TYPES,
  BookingStatus,
  NUTRITIONIST_HOME_WINDOW_DAYS,
  PAGE_SIZE,
  addRomeDays,
  bookingTexts,
  calendarDateSchema,
  createBookingSchema,
  modifyBookingTimeSchema,
  optionalText,
  romeDate,
  romeInstant,
  type CancelReasonId,
  type OwnPatientRef,
} from '@nutri/shared';
import { z } from 'zod';
import type { Actor } from '../http/actor';
import { AppError, notFound } from '../http/errors';
import { created, defineOperation } from '../http/operation';
import { getUserContacts } from '../accounts';
import { getPatientProfile, searchPatientsOfNutritionist } from '../onboarding';
import { now } from '../platform/clock';
import { pageCursor } from '../platform/db/cursor';
import { actorId } from './availability';
import {
  bookVisit,
  bookingViews,
  cancelVisit,
  completeVisit,
  moveVisit,
  requireCancelReason,
} from './booking-service';
import {
  getBooking,
  listBookingsPage,
  nutritionistBookingsPartition,
  patientBookingsPartition,
  type BookingPageQuery,
} from './bookings-repo';

/** `YYYY-MM-DDTHH:mm` on the Rome wall clock -> instant. */
const fromLocalDateTime = (value: string) => romeInstant(value.slice(0, 10), value.slice(11, 16));

export const createNutritionistBooking = defineOperation(
  { body: createBookingSchema },
  async ({ actor, body }) => {
    const nutritionistUserId = actorId(actor);
    if (body.NutritionistUserId !== nutritionistUserId)
      throw new AppError('forbidden', bookingTexts.notYourself);
    const patient = await getPatientProfile(body.PatientUserId);
    if (patient?.DefaultNutritionistUserId !== nutritionistUserId)
      throw new AppError('forbidden', bookingTexts.notYourPatient);
    const booking = await bookVisit({
      by: 'nutritionist',
      patient,
      nutritionistUserId,
      bookingTypeId: body.BookingTypeId,
      start: fromLocalDateTime(body.BookingTime),
      at: now(),
    });
    return created((await bookingViews([booking]))[0]);
  },
);

const bookingPath = z.object({ id: z.coerce.number().int().positive() });

/** The nutritionist's own booking; anyone else's is as unknown as a missing one. */
const requireOwnBooking = async (actor: Actor | null, bookingId: number) => {
  const booking = await getBooking(bookingId);
  if (!booking || booking.NutritionistUserId !== actorId(actor)) throw notFound();
  return booking;
};

export const getNutritionistBooking = defineOperation({ path: bookingPath }, async ({ actor, path }) => {
  const booking = await requireOwnBooking(actor, path.id);
  return (await bookingViews([booking]))[0];
});

export const cancelBooking = defineOperation(
  {
    path: bookingPath,
    query: z.object({
      cancelReasonId: z.coerce.number().int().min(1).max(5).optional(),
    }),
  },
  async ({ actor, path, query }) => {
    const booking = await requireOwnBooking(actor, path.id);
    const reason = requireCancelReason(booking, query.cancelReasonId as CancelReasonId | undefined);
    const updated = await cancelVisit(booking, reason, 'nutritionist', now());
    return (await bookingViews([updated]))[0];
  },
);

export const modifyBookingTime = defineOperation(
  { path: bookingPath, body: modifyBookingTimeSchema },
  async ({ actor, path, body }) => {
    const booking = await requireOwnBooking(actor, path.id);
    const updated = await moveVisit(booking, fromLocalDateTime(body.BookingTime), now());
    return (await bookingViews([updated]))[0];
  },
);

export const completeBooking = defineOperation({ path: bookingPath }, async ({ actor, path }) => {
  const booking = await requireOwnBooking(actor, path.id);
  const updated = await completeVisit(booking, now());
  return (await bookingViews([updated]))[0];
});

export const listBookingsQuerySchema = z.strictObject({
  /** `home`: status not COMPLETE/CANCELLED and time before the end of today + 3 days (overdue included). */
  view: z.enum(['home', 'all']).default('all'),
  patientUserId: z.string().min(1).max(100).optional(),
  /** Leave out CANCELLED bookings (the chat list). */
  excludeCancelled: z.enum(['true', 'false']).default('false'),
  /** Filters of the bookings page (/AreaNutritionists/Bookings): one status, one type. */
  statusId: z.coerce.number().int().min(1).max(5).optional(),
  bookingTypeId: z.coerce.number().int().min(1).max(3).optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  order: z.enum(['asc', 'desc']).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE.pickers),
  cursor: z.string().max(2000).optional(),
});

export const listNutritionistBookings = defineOperation(
  { query: listBookingsQuerySchema },
  async ({ actor, query }) => {
    const nutritionistUserId = actorId(actor);
    const { cursor: token, limit, ...filters } = query;
    const cursor = pageCursor('nutritionist-bookings', nutritionistUserId, filters);
    const at = now();
    const conditions: string[] = [];
    const values: Record<string, unknown> = {};
    let window: Pick<BookingPageQuery, 'from' | 'to'> = {
      ...(query.from ? { from: romeInstant(query.from, '00:00').toISOString() } : {}),
      ...(query.to ? { to: romeInstant(addRomeDays(query.to, 1), '00:00').toISOString() } : {}),
    };
    if (query.view === 'home') {
      const end = addRomeDays(romeDate(at), NUTRITIONIST_HOME_WINDOW_DAYS + 1);
      window = { to: romeInstant(end, '00:00').toISOString() };
      conditions.push('NOT BookingStatusId IN (:complete, :cancelled)');
      values[':complete'] = BookingStatus.COMPLETE;
      values[':cancelled'] = BookingStatus.CANCELLED;
    } else if (query.excludeCancelled === 'true') {
      conditions.push('BookingStatusId <> :cancelled');
      values[':cancelled'] = BookingStatus.CANCELLED;
    }
    if (query.statusId !== undefined) {
      conditions.push('BookingStatusId = :status');
      values[':status'] = query.statusId;
    }
    if (query.bookingTypeId !== undefined) {
      conditions.push('BookingTypeId = :type');
      values[':type'] = query.bookingTypeId;
    }
    const byPatient = query.patientUserId !== undefined;
    if (byPatient) {
      // A patient's partition holds bookings with every nutritionist they had: keep the caller's only.
      conditions.push('NutritionistUserId = :me');
      values[':me'] = nutritionistUserId;
    }
    const page = await listBookingsPage({
      index: byPatient ? 'gsi1' : 'gsi2',
      partition: byPatient
        ? patientBookingsPartition(query.patientUserId!)
        : nutritionistBookingsPartition(nutritionistUserId),
      ...window,
      descending: (query.order ?? (query.view === 'home' ? 'asc' : 'desc')) === 'desc',
      ...(conditions.length ? { filter: { expression: conditions.join(' AND '), values } } : {}),
      limit,
      cursor: await cursor.decode(token),
    });
    return {
      Data: await bookingViews(page.bookings),
      Count: page.bookings.length,
      NextCursor: await cursor.encode(page.next),
    };
  },
);

/** The nutritionist's own patient; anyone else's is as unknown as a missing one. */
const requireOwnPatient = async (actor: Actor | null, patientUserId: string) => {
  const patient = await getPatientProfile(patientUserId);
  if (patient?.DefaultNutritionistUserId !== actorId(actor)) throw notFound();
  return patient;
};

export const getPatientPrice = defineOperation(
  {
    path: z.object({
      id: z.string().min(1).max(100),
      bookingTypeId: z.coerce.number().int().min(1).max(3),
    }),
  },
  async ({ actor, path }) => {
    await requireOwnPatient(actor, path.id);
    const type = BOOKING_TYPES[path.bookingTypeId as 1 | 2 | 3];
    return { Price: type.PriceCents, Duration: type.DurationMinutes };
  },
);

export const searchOwnPatients = defineOperation(
  {
    query: z.strictObject({
      userInput: optionalText(100).default(''),
      limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE.pickers),
    }),
  },
  async ({ actor, query }) => {
    const patients = await searchPatientsOfNutritionist(actorId(actor), query.userInput, query.limit);
    const contacts = await getUserContacts(patients.map((patient) => patient.UserId));
    const Data = patients.map((patient): OwnPatientRef => {
      const contact = contacts.get(patient.UserId);
      return { ...patient, Email: contact?.Email ?? null };
    });
    return { Data, Count: Data.length, NextCursor: null };
  },
);
