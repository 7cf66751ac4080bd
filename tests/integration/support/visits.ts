/**
 * People and visits for review and agenda tests on the shared local stack: a fresh nutritionist with a
 * complete public profile (made through the admin API, photo included, so public lists never show a
 * broken card), a fresh patient assigned to them, availability, and visits booked and completed
 * through the nutritionist's own API.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { addRomeDays, romeDate, type BookingView } from '@nutri/shared';
import { api, createTestUser, login } from './api';

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

/** A nutritionist with a hidden profile (enough to have patients and a calendar), signed in. */
export const createNutritionist = async () => {
  const user = await createTestUser(['Nutritionist'], PASSWORD);
  const { saveNutritionistProfile } =
    await import('../../../functions/src/nutritionists/public-profiles-repo');
  await saveNutritionistProfile(user.id, null, { ProfessionalTitle: 'Biologa nutrizionista' }, new Date());
  return { id: user.id, email: user.email, token: (await login(user.email, PASSWORD)).accessToken };
};

export interface TestPatient {
  id: string;
  email: string;
  password: string;
  name: string;
  token: string;
}

/** One argon2id hash of PASSWORD for every test patient: hashing is deliberately slow. */
let passwordHash: Promise<string> | undefined;

/**
 * A patient assigned to the nutritionist, at onboarding step 1 (introductory visit to book), signed in.
 * Pass a name unique to the test when a page or list must find this patient among others.
 */
export const createPatientOf = async (
  nutritionistUserId: string,
  name = 'Paola Bianchi',
): Promise<TestPatient> => {
  const { createUser } = await import('../../../functions/src/accounts/users-repo');
  const { patientItem } = await import('../../../functions/src/onboarding/patients-repo');
  const { hashPassword } = await import('../../../functions/src/accounts/password');
  const id = randomUUID();
  const email = `paziente-${id.slice(0, 8)}@nutri.test`;
  const now = new Date().toISOString();
  await createUser(
    {
      Id: id,
      UserName: `paziente-${id.slice(0, 8)}`,
      Email: email,
      Name: name,
      DisplayName: name,
      MobilePhoneNo: null,
      roles: ['Patient'],
      passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    },
    [
      patientItem({
        UserId: id,
        DisplayName: name,
        DefaultNutritionistUserId: nutritionistUserId,
        HasChangedNutritionist: false,
        HasLateCancelledIc: false,
        IsPasswordSet: true,
        PrivacyContractSigned: true,
        Gender: 2,
        TallySubmissionId: null,
        OnboardingStep: 1,
        createdAt: now,
        updatedAt: now,
      }),
    ],
  );
  return { id, email, password: PASSWORD, name, token: (await login(email, PASSWORD)).accessToken };
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

/** A visit the nutritionist books for their patient (`YYYY-MM-DDTHH:mm`, Rome). */
export const bookVisitFor = async (
  nutritionist: { id: string; token: string },
  patientUserId: string,
  bookingTypeId: 1 | 2 | 3,
  bookingTime: string,
): Promise<BookingView> => {
  const result = await api<BookingView>('POST', 'CurrentNutritionist/Bookings', {
    token: nutritionist.token,
    body: {
      PatientUserId: patientUserId,
      NutritionistUserId: nutritionist.id,
      BookingTypeId: bookingTypeId,
      BookingTime: bookingTime,
    },
  });
  expectStatus('booking', result, 201);
  return result.body;
};

/** Marks the visit done, as the nutritionist does after the meeting. */
export const completeVisit = async (nutritionist: { token: string }, bookingId: number) => {
  expectStatus(
    'complete',
    await api('POST', `CurrentNutritionist/Bookings/${bookingId}/Complete`, { token: nutritionist.token }),
    200,
  );
};

/** A completed introductory visit of a fresh patient of the nutritionist, `days` from today at `time`. */
export const completedVisit = async (nutritionist: TestNutritionist, days: number, time: string) => {
  const patient = await createPatientOf(nutritionist.id);
  const booking = await bookVisitFor(nutritionist, patient.id, 1, `${romeDateIn(days)}T${time}`);
  await completeVisit(nutritionist, booking.BookingId);
  return { patient, booking };
};
