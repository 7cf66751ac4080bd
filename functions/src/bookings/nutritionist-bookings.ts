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
  validationTexts,
  type BookingStatusId,
  type BookingTypeId,
  type CancelReasonId,
  type OwnPatientRef,
} from '@nutri/shared';
import * as z from 'zod';
import type { SignedInActor } from '../http/actor';
import { AppError, notFound } from '../http/errors';
import { created, defineOperation } from '../http/operation';
import { idPath, pathId } from '../http/path-id';
import { getUserContacts } from '../accounts';
import { getPatientProfile, searchPatientsOfNutritionist } from '../onboarding';
import { now } from '../platform/clock';
import { pageCursor } from '../platform/db/cursor';
import {
  bookVisit,
  bookingViews,
  cancelVisit,
  completeVisit,
  moveVisit,
  readPatientForBooking,
  requireCancelReason,
} from './booking-service';
import { pageNutritionistBookings, pagePatientBookings, type BookingPageOptions } from './bookings-repo';
import { requireOwnBooking } from './own-booking';

/** `YYYY-MM-DDTHH:mm` on the Rome wall clock -> instant. */
const fromLocalDateTime = (value: string) => romeInstant(value.slice(0, 10), value.slice(11, 16));

export const createNutritionistBooking = defineOperation(
  ['Nutritionist'],
  { body: createBookingSchema },
  async ({ actor, body }) => {
    const nutritionistUserId = actor.userId;
    if (body.NutritionistUserId !== nutritionistUserId)
      throw new AppError('forbidden', bookingTexts.notYourself);
    // Read before the ownership check, but nothing of it is answered or written unless the patient is theirs.
    const { profile: patient, history } = await readPatientForBooking(body.PatientUserId);
    if (patient?.DefaultNutritionistUserId !== nutritionistUserId)
      throw new AppError('forbidden', bookingTexts.notYourPatient);
    const booking = await bookVisit({
      by: 'nutritionist',
      patient,
      history,
      nutritionistUserId,
      bookingTypeId: body.BookingTypeId,
      start: fromLocalDateTime(body.BookingTime),
      at: now(),
    });
    return created((await bookingViews([booking]))[0]);
  },
);

export const getNutritionistBooking = defineOperation(
  ['Nutritionist'],
  { path: idPath },
  async ({ actor, path }) => {
    const booking = await requireOwnBooking('Nutritionist', actor, path.id);
    return (await bookingViews([booking]))[0];
  },
);

export const cancelBooking = defineOperation(
  ['Nutritionist'],
  {
    path: idPath,
    query: z.object({
      cancelReasonId: z.coerce.number().int().min(1).max(5).optional(),
    }),
  },
  async ({ actor, path, query }) => {
    const booking = await requireOwnBooking('Nutritionist', actor, path.id);
    const reason = requireCancelReason(booking, query.cancelReasonId as CancelReasonId | undefined);
    const updated = await cancelVisit(booking, reason, 'nutritionist', now());
    return (await bookingViews([updated]))[0];
  },
);

export const modifyBookingTime = defineOperation(
  ['Nutritionist'],
  { path: idPath, body: modifyBookingTimeSchema },
  async ({ actor, path, body }) => {
    const booking = await requireOwnBooking('Nutritionist', actor, path.id);
    const updated = await moveVisit(booking, fromLocalDateTime(body.BookingTime), now());
    return (await bookingViews([updated]))[0];
  },
);

export const completeBooking = defineOperation(
  ['Nutritionist'],
  { path: idPath },
  async ({ actor, path }) => {
    const booking = await requireOwnBooking('Nutritionist', actor, path.id);
    const updated = await completeVisit(booking, now());
    return (await bookingViews([updated]))[0];
  },
);

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
  ['Nutritionist'],
  { query: listBookingsQuerySchema },
  async ({ actor, query }) => {
    const nutritionistUserId = actor.userId;
    const { cursor: token, limit, ...filters } = query;
    const cursor = pageCursor('nutritionist-bookings', nutritionistUserId, filters);
    const at = now();
    let window: Pick<BookingPageOptions, 'from' | 'to'> = {
      ...(query.from ? { from: romeInstant(query.from, '00:00').toISOString() } : {}),
      ...(query.to ? { to: romeInstant(addRomeDays(query.to, 1), '00:00').toISOString() } : {}),
    };
    let excludeStatuses: BookingStatusId[] = [];
    if (query.view === 'home') {
      const end = addRomeDays(romeDate(at), NUTRITIONIST_HOME_WINDOW_DAYS + 1);
      window = { to: romeInstant(end, '00:00').toISOString() };
      excludeStatuses = [BookingStatus.COMPLETE, BookingStatus.CANCELLED];
    } else if (query.excludeCancelled === 'true') {
      excludeStatuses = [BookingStatus.CANCELLED];
    }
    const options: BookingPageOptions = {
      ...window,
      descending: (query.order ?? (query.view === 'home' ? 'asc' : 'desc')) === 'desc',
      excludeStatuses,
      ...(query.statusId !== undefined ? { statuses: [query.statusId as BookingStatusId] } : {}),
      ...(query.bookingTypeId !== undefined ? { typeId: query.bookingTypeId as BookingTypeId } : {}),
      limit,
      cursor: await cursor.decode(token),
    };
    const page =
      query.patientUserId !== undefined
        ? // A patient's list holds bookings with every nutritionist they had: keep the caller's only.
          await pagePatientBookings(query.patientUserId, { ...options, nutritionistUserId })
        : await pageNutritionistBookings(nutritionistUserId, options);
    return {
      Data: await bookingViews(page.bookings),
      Count: page.bookings.length,
      NextCursor: await cursor.encode(page.next),
    };
  },
);

/** The nutritionist's own patient; anyone else's is as unknown as a missing one. */
const requireOwnPatient = async (actor: SignedInActor<'Nutritionist'>, patientUserId: string) => {
  const patient = await getPatientProfile(patientUserId);
  if (patient?.DefaultNutritionistUserId !== actor.userId) throw notFound();
  return patient;
};

export const getPatientPrice = defineOperation(
  ['Nutritionist'],
  {
    path: z.object({
      id: z.string().min(1).max(100),
      bookingTypeId: pathId.refine((id) => id in BOOKING_TYPES, { error: validationTexts.invalidValue }),
    }),
  },
  async ({ actor, path }) => {
    await requireOwnPatient(actor, path.id);
    const type = BOOKING_TYPES[path.bookingTypeId as 1 | 2 | 3];
    return { Price: type.PriceCents, Duration: type.DurationMinutes };
  },
);

export const searchOwnPatients = defineOperation(
  ['Nutritionist'],
  {
    query: z.strictObject({
      userInput: optionalText(100).default(''),
      limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE.pickers),
    }),
  },
  async ({ actor, query }) => {
    const patients = await searchPatientsOfNutritionist(actor.userId, query.userInput, query.limit);
    const contacts = await getUserContacts(patients.map((patient) => patient.UserId));
    const Data = patients.map((patient): OwnPatientRef => {
      const contact = contacts.get(patient.UserId);
      return { ...patient, Email: contact?.Email ?? null };
    });
    return { Data, Count: Data.length, NextCursor: null };
  },
);
