/**
 * People and visits for review and agenda tests on the shared local stack: a fresh nutritionist with a
 * complete public profile (made through the admin API, photo included, so public lists never show a
 * broken card), a fresh patient assigned to them, availability, and visits booked and completed
 * through the nutritionist's own API (completed at their start, see completeAtStart).
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  addRomeDays,
  inRome,
  romeDate,
  type BookingView,
  type OnboardingStep,
  type BookingTypeId,
  BookingType,
} from '@nutri/shared';
import type { ProfileChanges } from '../../../functions/src/nutritionists/public-profiles-repo';
import { api, createTestUser, login } from './api';
import { handlerApiAt } from './in-process';
import { passwordHashOf, putNutritionist, putPatient } from './people';

export const PASSWORD = 'Ortaggi-Freschi-2026';
const ADMIN = { email: 'admin@nutri.local', password: 'Admin1234!' };

let adminToken: Promise<string> | undefined;
/** The demo admin's access token, signed in once per test file. */
export const adminAccessToken = () =>
  (adminToken ??= login(ADMIN.email, ADMIN.password).then((tokens) => tokens.accessToken));

const expectStatus = (what: string, result: { status: number; body: unknown }, status: number) => {
  if (result.status !== status)
    throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)} (expected ${status})`);
};

export interface TestNutritionist {
  id: string;
  email: string;
  token: string;
  displayName: string;
  profilePageUrl: string;
}

/** A nutritionist with a complete public profile and photo, signed in. */
export const createPublicNutritionist = async (): Promise<TestNutritionist> => {
  const user = await createTestUser(['Nutritionist'], PASSWORD);
  const token = await adminAccessToken();
  const { findTagByName } = await import('../../../functions/src/content/tags-repo');
  const { SKILL_NAMES } = await import('../../../infra/local/seed-nutritionists');
  const skill = await findTagByName('Skill', SKILL_NAMES[0]);
  if (!skill) throw new Error('The local stack has no seeded skills.');
  const profilePageUrl = `recensioni-${user.id.slice(0, 8)}`;
  const path = `Admin/NutritionistProfile/${user.id}`;
  expectStatus(
    'profile',
    await api('PATCH', path, {
      token,
      body: {
        ProfessionalTitle: 'Biologa nutrizionista',
        PersonalTitle: 'dottoressa',
        Bio: 'Aiuto le persone a mangiare bene senza rinunce.',
        Training: 'Laurea magistrale in Scienze della Nutrizione Umana',
        ProfilePageUrl: profilePageUrl,
        Gender: 2,
        SkillTagIds: [skill.TagId],
      },
    }),
    200,
  );
  const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#7a9' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('File', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'foto.png');
  expectStatus('photo', await api('POST', `${path}/image`, { token, raw: form }), 200);
  expectStatus('publish', await api('PATCH', path, { token, body: { IsPublic: true } }), 200);
  const { getUser } = await import('../../../functions/src/accounts/users-repo');
  return {
    id: user.id,
    email: user.email,
    token: (await login(user.email, PASSWORD)).accessToken,
    displayName: (await getUser(user.id))!.DisplayName,
    profilePageUrl,
  };
};

/**
 * A nutritionist with a hidden profile (enough to have patients and a calendar), signed in. `profile`
 * adds to the professional title, e.g. the PersonalTitle that mails put before the name.
 */
export const createNutritionist = async (profile: ProfileChanges = {}) => {
  const id = randomUUID();
  // The same user createTestUser makes, with the password hashed once for the whole file.
  const person = {
    id,
    email: `test-${id.slice(0, 8)}@nutri.test`,
    userName: `utente-${id.slice(0, 8)}`,
    name: 'Mario Verdi',
    displayName: `Mario Verdi ${id.slice(0, 4)}`,
    passwordHash: await passwordHashOf(PASSWORD),
  };
  await putNutritionist(person, { ProfessionalTitle: 'Biologa nutrizionista', ...profile });
  const token = (await login(person.email, PASSWORD)).accessToken;
  return { id, email: person.email, token, displayName: person.displayName };
};

export interface TestPatient {
  id: string;
  email: string;
  password: string;
  name: string;
  displayName: string;
  token: string;
}

/**
 * A patient assigned to the nutritionist, at onboarding step 1 (introductory visit to book) unless told
 * otherwise, signed in. Pass a name unique to the test when a page or list must find this patient among
 * others; `name` is also the display name unless `displayName` is given (mails greet by `name`).
 */
export const createPatientOf = async (
  nutritionistUserId: string,
  name = 'Paola Bianchi',
  options: {
    displayName?: string;
    email?: string;
    phone?: string | null;
    onboardingStep?: OnboardingStep;
  } = {},
): Promise<TestPatient> => {
  const id = randomUUID();
  const email = options.email ?? `paziente-${id.slice(0, 8)}@nutri.test`;
  const displayName = options.displayName ?? name;
  await putPatient(
    {
      id,
      email,
      userName: `paziente-${id.slice(0, 8)}`,
      name,
      displayName,
      phone: options.phone ?? null,
      passwordHash: await passwordHashOf(PASSWORD),
    },
    nutritionistUserId,
    options.onboardingStep,
  );
  const token = (await login(email, PASSWORD)).accessToken;
  return { id, email, password: PASSWORD, name, displayName, token };
};

/** Leaves the patient without the privacy contracts accepted (createPatientOf signs them). */
export const withoutPrivacyContracts = async (patientUserId: string) => {
  const { db, tableName } = await import('../../../functions/src/platform/db/client');
  const { patientKey } = await import('../../../functions/src/onboarding/patients-repo');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: patientKey(patientUserId),
      UpdateExpression: 'SET PrivacyContractSigned = :false',
      ExpressionAttributeValues: { ':false': false },
    }),
  );
};

/** The Rome date `days` after today (YYYY-MM-DD). */
export const romeDateIn = (days: number) => addRomeDays(romeDate(new Date()), days);

/** Adds an availability interval to the nutritionist's own calendar. */
export const addAvailability = async (
  nutritionist: { token: string },
  date: string,
  start: string,
  end: string,
) => {
  expectStatus(
    'availability',
    await api('POST', 'CurrentNutritionist/DailyAvailabilities', {
      token: nutritionist.token,
      body: { IntervalDate: date, IntervalStart: start, IntervalEnd: end },
    }),
    201,
  );
};

/** The body of `POST CurrentNutritionist/Bookings`: the nutritionist books for their patient. */
const newBookingBody = (
  nutritionist: { id: string },
  patientUserId: string,
  bookingTypeId: BookingTypeId,
  bookingTime: string,
) => ({
  PatientUserId: patientUserId,
  NutritionistUserId: nutritionist.id,
  BookingTypeId: bookingTypeId,
  BookingTime: bookingTime,
});

/** A visit the nutritionist books for their patient (`YYYY-MM-DDTHH:mm`, Rome). */
export const bookVisitFor = async (
  nutritionist: { id: string; token: string },
  patientUserId: string,
  bookingTypeId: BookingTypeId,
  bookingTime: string,
): Promise<BookingView> => {
  const result = await api<BookingView>('POST', 'CurrentNutritionist/Bookings', {
    token: nutritionist.token,
    body: newBookingBody(nutritionist, patientUserId, bookingTypeId, bookingTime),
  });
  expectStatus('booking', result, 201);
  return result.body;
};

/**
 * A follow-up visit (type 2) `days` from today at `visit.at` (Rome), in an availability interval from
 * `visit.from` to `visit.to` opened for it that day.
 */
export const bookFollowUp = async (
  nutritionist: { id: string; token: string },
  patientUserId: string,
  days: number,
  visit: { from: string; at: string; to: string },
) => {
  const date = romeDateIn(days);
  await addAvailability(nutritionist, date, visit.from, visit.to);
  return bookVisitFor(nutritionist, patientUserId, BookingType.NORMAL, `${date}T${visit.at}`);
};

/**
 * The nutritionist completes the visit at its start (the earliest it can be done), through the bookings
 * handler run here with this process's clock at that time: visits booked by tests lie in the future.
 */
export const completeAtStart = (
  nutritionist: { token: string },
  booking: { BookingId: number; BookingTime: string },
) => {
  const start = new Date(booking.BookingTime);
  if (Number.isNaN(start.getTime())) throw new Error(`booking ${booking.BookingId}: no BookingTime`);
  return handlerApiAt<BookingView & { message?: string }>(
    start,
    'POST',
    `CurrentNutritionist/Bookings/${booking.BookingId}/Complete`,
    nutritionist.token,
  );
};

/** A visit start `minutesAgo` minutes ago, on the 5-minute grid: the instant and its Rome `YYYY-MM-DDTHH:mm`. */
const startedAt = (minutesAgo: number) => {
  const unit = 5 * 60_000;
  const instant = new Date(Math.floor((Date.now() - minutesAgo * 60_000) / unit) * unit);
  return { instant, local: inRome(instant).format('YYYY-MM-DDTHH:mm') };
};
/** How long before its start a started visit was booked or moved (the API takes future times only). */
const BOOKED_AHEAD_MS = 60 * 60_000;

/** A visit that has started (`minutesAgo`), booked by the nutritionist an hour before its start. */
export const bookStartedVisit = async (
  nutritionist: { id: string; token: string },
  patientUserId: string,
  bookingTypeId: BookingTypeId,
  minutesAgo = 10,
) => {
  const { instant, local } = startedAt(minutesAgo);
  const result = await handlerApiAt<BookingView>(
    new Date(instant.getTime() - BOOKED_AHEAD_MS),
    'POST',
    'CurrentNutritionist/Bookings',
    nutritionist.token,
    newBookingBody(nutritionist, patientUserId, bookingTypeId, local),
  );
  expectStatus('started visit', result, 201);
  return result.body;
};

/** Moves a booking so that it started `minutesAgo`, as if the nutritionist had moved it an hour before. */
export const moveToStarted = async (nutritionist: { token: string }, bookingId: number, minutesAgo = 10) => {
  const { instant, local } = startedAt(minutesAgo);
  const result = await handlerApiAt<BookingView>(
    new Date(instant.getTime() - BOOKED_AHEAD_MS),
    'POST',
    `CurrentNutritionist/Bookings/${bookingId}/ModifyBookingTime`,
    nutritionist.token,
    { BookingTime: local },
  );
  expectStatus('move to a started time', result, 200);
  return result.body;
};

/** Marks the visit done, as the nutritionist does after the meeting. */
export const completeVisit = async (
  nutritionist: { token: string },
  booking: { BookingId: number; BookingTime: string },
) => {
  expectStatus('complete', await completeAtStart(nutritionist, booking), 200);
};

/** A completed introductory visit of a fresh patient of the nutritionist, `days` from today at `time`. */
export const completedVisit = async (nutritionist: TestNutritionist, days: number, time: string) => {
  const patient = await createPatientOf(nutritionist.id);
  const booking = await bookVisitFor(
    nutritionist,
    patient.id,
    BookingType.FREE,
    `${romeDateIn(days)}T${time}`,
  );
  await completeVisit(nutritionist, booking);
  return { patient, booking };
};
