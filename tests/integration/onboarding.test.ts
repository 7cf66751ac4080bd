/**
 * Onboarding on the running local stack: the signed questionnaire webhook, matching, registration,
 * e-mail verification, the patient's onboarding data, the intake view and the privacy contracts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  GENDER_PREFERENCE,
  MEDICAL_DIET_YES,
  QUESTION_KEYS,
  SEX_OPTIONS,
  type TokenResponse,
} from '@nutri/shared';
import { api, apiFrom, login, stack, waitForMail } from './support/api';
import { putNutritionist } from './support/people';

const SECRET = 'local-tally-signing-secret';

const answers = (overrides: Record<string, unknown> = {}) => ({
  [QUESTION_KEYS.goals]: ['goal_sport'],
  [QUESTION_KEYS.medicalDiet]: 'medical_diet_no',
  [QUESTION_KEYS.genderPreference]: GENDER_PREFERENCE.any,
  [QUESTION_KEYS.dietStyle]: 'diet_omnivore',
  [QUESTION_KEYS.sex]: SEX_OPTIONS.female,
  [QUESTION_KEYS.age]: 35,
  [QUESTION_KEYS.firstName]: 'Laura',
  [QUESTION_KEYS.email]: 'laura@nutri.test',
  [QUESTION_KEYS.phone]: '+393331112233',
  [QUESTION_KEYS.source]: 'newsletter',
  ...overrides,
});

/** A signed FORM_RESPONSE, built and signed exactly as the local Tally stand-in does. */
const signedPayload = async (overrides: Record<string, unknown> = {}) => {
  const { buildFormResponse } = await import('../../infra/local/local-tally');
  const { tallySignature } = await import('../../functions/src/onboarding/tally-signature');
  const payload = buildFormResponse(answers(overrides));
  const body = JSON.stringify(payload);
  return { payload, body, signature: tallySignature(SECRET, body) };
};

const postWebhook = (body: string, signature?: string) =>
  api<{ SubmissionId: string; Outcome: string; Duplicate: boolean }>('POST', 'Tally/Webhook', {
    raw: body,
    headers: { 'Content-Type': 'application/json', ...(signature ? { 'Tally-Signature': signature } : {}) },
  });

const getStoredSubmission = async (submissionId: string) => {
  const { getSubmission } = await import('../../functions/src/onboarding/submissions-repo');
  return getSubmission(submissionId);
};

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@nutri.test`;

/** Questionnaire + registration: a signed-in new patient. */
const registerNewPatient = async (overrides: Record<string, unknown> = {}) => {
  const email = uniqueEmail('paziente');
  const { body, signature, payload } = await signedPayload({ [QUESTION_KEYS.email]: email, ...overrides });
  expect((await postWebhook(body, signature)).status).toBe(200);
  const registered = await api<TokenResponse>('POST', 'Tally/RegisterPatient', {
    body: {
      TallySubmissionId: payload.data.submissionId,
      FirstName: 'Laura',
      LastName: 'Neri',
      Email: email,
      Password: 'Melograno-Rosso-26',
      MobilePhoneNo: '+393331112233',
    },
  });
  expect(registered.status).toBe(200);
  return { email, tokens: registered.body, submissionId: payload.data.submissionId };
};

describe('Tally/Webhook', () => {
  it('refuses a forged or missing signature and stores nothing', async () => {
    const { body, payload } = await signedPayload();
    const forged = await postWebhook(body, Buffer.from('not-the-signature').toString('base64'));
    expect(forged.status).toBe(401);
    expect((await postWebhook(body)).status).toBe(401);
    expect(await getStoredSubmission(payload.data.submissionId)).toBeNull();
  });

  it('refuses a signed but malformed payload and stores nothing', async () => {
    const { tallySignature } = await import('../../functions/src/onboarding/tally-signature');
    const body = JSON.stringify({ eventType: 'FORM_RESPONSE', data: { fields: 'nope' } });
    expect((await postWebhook(body, tallySignature(SECRET, body))).status).toBe(400);
    const notJson = '{"eventType":';
    expect((await postWebhook(notJson, tallySignature(SECRET, notJson))).status).toBe(400);
  });

  it('stores a submission once: a replay changes nothing', async () => {
    const { body, signature, payload } = await signedPayload({ [QUESTION_KEYS.goals]: ['goal_sport'] });
    const first = await postWebhook(body, signature);
    expect(first.body).toMatchObject({ Outcome: 'matched', Duplicate: false });
    const stored = await getStoredSubmission(payload.data.submissionId);
    const replay = await postWebhook(body, signature);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ Duplicate: true });
    expect(await getStoredSubmission(payload.data.submissionId)).toEqual(stored);
    expect(stored?.match.matchingSkills).toEqual(['Alimentazione sportiva']);
    expect(stored?.match.reasons.length).toBeGreaterThan(0);
  });

  it('tells people who need a medical diet therapy that the service is not for them', async () => {
    const { body, signature, payload } = await signedPayload({
      [QUESTION_KEYS.medicalDiet]: MEDICAL_DIET_YES,
    });
    expect((await postWebhook(body, signature)).body).toMatchObject({ Outcome: 'notSuitable' });
    const registration = await api('POST', 'Tally/RegisterPatient', {
      body: {
        TallySubmissionId: payload.data.submissionId,
        FirstName: 'Paolo',
        LastName: 'Gialli',
        Email: uniqueEmail('paolo'),
        Password: 'Melograno-Rosso-26',
        MobilePhoneNo: '+393331112233',
      },
    });
    expect(registration.status).toBe(422);
  });

  it('logs every call for the admins only', async () => {
    const admin = await login('admin@nutri.local', 'Admin1234!');
    const log = await api<{ Data: { Outcome: string }[] }>('GET', 'Tally/WebhookLog?limit=50', {
      token: admin.accessToken,
    });
    expect(log.status).toBe(200);
    const outcomes = new Set(log.body.Data.map((entry) => entry.Outcome));
    for (const outcome of ['stored', 'duplicate', 'invalid-signature', 'malformed'])
      expect(outcomes).toContain(outcome);
    expect(JSON.stringify(log.body)).not.toContain('laura@nutri.test');
    const patient = await login('paziente@nutri.local', 'Paziente123!');
    expect((await api('GET', 'Tally/WebhookLog', { token: patient.accessToken })).status).toBe(403);
  });
});

describe('registration and e-mail verification', () => {
  it('registers, signs in at step 1 with the matched nutritionist, and refuses the same e-mail twice', async () => {
    const { email, tokens, submissionId } = await registerNewPatient();
    const profile = await api<Record<string, unknown>>('GET', 'CurrentPatient/Profile', {
      token: tokens.accessToken,
    });
    expect(profile.body).toMatchObject({
      OnboardingStep: 1,
      IsPasswordSet: true,
      PrivacyContractSigned: false,
      Gender: 2,
    });
    expect(profile.body.DefaultNutritionistUserId).toBe(
      (await getStoredSubmission(submissionId))?.match.nutritionistUserId,
    );
    const step = await api('GET', 'CurrentPatient/Profile/OnboardingStep', { token: tokens.accessToken });
    expect(step.body).toEqual({ OnboardingStep: 1 });
    const fields = await api('GET', 'CurrentPatient/Profile?fields=PrivacyContractSigned', {
      token: tokens.accessToken,
    });
    expect(fields.body).toEqual({ PrivacyContractSigned: false });

    const { body, signature, payload } = await signedPayload({ [QUESTION_KEYS.email]: email.toUpperCase() });
    await postWebhook(body, signature);
    const again = await api('POST', 'Tally/RegisterPatient', {
      body: {
        TallySubmissionId: payload.data.submissionId,
        FirstName: 'Laura',
        LastName: 'Neri',
        Email: email.toUpperCase(),
        Password: 'Melograno-Rosso-26',
        MobilePhoneNo: '+393331112233',
      },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'nutri-user-already-exists', message: 'Utente già registrato' });
  });

  it('refuses invalid registration data with Italian messages', async () => {
    const result = await api('POST', 'Tally/RegisterPatient', {
      body: {
        TallySubmissionId: 'x',
        FirstName: '',
        LastName: 'Neri',
        Email: 'no',
        Password: 'corta',
        MobilePhoneNo: '+39123',
      },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      Errors: {
        FirstName: ['Campo obbligatorio'],
        Email: ['Indirizzo e-mail non valido'],
        Password: ['La password deve contenere almeno 8 caratteri'],
      },
    });
  });

  it('verifies the e-mail once with the mailed link; link previewers do not use it up', async () => {
    const { email } = await registerNewPatient();
    const mail = await waitForMail(email, (m) => m.subject.includes('Conferma'));
    const token = mail.body.text?.match(/\/VerifyEmail\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeDefined();
    const preview = await api('POST', `Tally/${token}/Verify`, {
      headers: { 'User-Agent': 'WhatsApp/2.23.20.0 A' },
    });
    expect(preview.body).toEqual({ Preview: true });
    const verified = await api<{ InstantLoginToken: string }>('POST', `Tally/${token}/Verify`);
    expect(verified.status).toBe(200);
    const session = await api<TokenResponse>(
      'POST',
      `RefreshToken/${verified.body.InstantLoginToken}/RefreshTokenFromInstantLoginToken`,
    );
    expect(session.status).toBe(200);
    // Inside the window after verification the patient may set a password without the old one.
    const set = await api('POST', 'CurrentPatient/Profile/SetPassword', {
      token: session.body.accessToken,
      body: { Password: 'Nuova-Password-Sicura-1' },
    });
    expect(set.status).toBe(204);
    await login(email, 'Nuova-Password-Sicura-1');
    // Once used, the window is closed: the old-password flow is the only way.
    const again = await api('POST', 'CurrentPatient/Profile/SetPassword', {
      token: session.body.accessToken,
      body: { Password: 'Ancora-Un-Altra-2' },
    });
    expect(again.status).toBe(403);
    expect((await api('POST', `Tally/${token}/Verify`)).status).toBe(400);
  });
});

describe('Tally/RegisterPatient guards', () => {
  /** A stored questionnaire filled in with `email`. */
  const questionnaireOf = async (email: string) => {
    const { body, signature, payload } = await signedPayload({ [QUESTION_KEYS.email]: email });
    expect((await postWebhook(body, signature)).status).toBe(200);
    return payload.data.submissionId;
  };
  const registration = (submissionId: string, email: string) => ({
    TallySubmissionId: submissionId,
    FirstName: 'Laura',
    LastName: 'Neri',
    Email: email,
    Password: 'Melograno-Rosso-26',
    MobilePhoneNo: '+393331112233',
  });

  it('binds the account to the questionnaire’s e-mail: another address is refused and the questionnaire stays free', async () => {
    const email = uniqueEmail('questionario');
    const submissionId = await questionnaireOf(email);
    const other = await api('POST', 'Tally/RegisterPatient', {
      body: registration(submissionId, uniqueEmail('intruso')),
    });
    const message =
      'Usa l’indirizzo e-mail che hai indicato nel questionario. Potrai cambiarlo dal tuo profilo dopo la registrazione.';
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ code: 'validation_failed', message, Errors: { Email: [message] } });
    expect((await getStoredSubmission(submissionId))?.patientUserId ?? null).toBeNull();
    // The person who filled it in registers, whatever the case of the address.
    const own = await api('POST', 'Tally/RegisterPatient', {
      body: registration(submissionId, email.toUpperCase()),
    });
    expect(own.status).toBe(200);
  });

  it('limits registrations per client IP with 429 and an Italian message; other clients are not affected', async () => {
    const { REGISTRATION_RATE_RULE } = await import('../../functions/src/onboarding/registration');
    const { clearFailures, recordFailure } = await import('../../functions/src/platform/throttle');
    const busy = '127.0.0.31';
    const other = '127.0.0.32';
    try {
      for (let count = 0; count < REGISTRATION_RATE_RULE.limit; count += 1)
        await recordFailure(REGISTRATION_RATE_RULE, busy, new Date());
      const email = uniqueEmail('limitata');
      const submissionId = await questionnaireOf(email);
      const refused = await apiFrom(busy, 'POST', 'Tally/RegisterPatient', {
        body: registration(submissionId, email),
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect(refused.body).toEqual({
        code: 'too_many_requests',
        message: 'Troppe registrazioni da questa connessione. Riprova tra 60 minuti.',
      });
      // A questionnaire that has not arrived still says so (the browser waits for it): no allowance used.
      expect(
        (await apiFrom(busy, 'POST', 'Tally/RegisterPatient', { body: registration('non-esiste', email) }))
          .status,
      ).toBe(404);
      const fromOther = await apiFrom(other, 'POST', 'Tally/RegisterPatient', {
        body: registration(submissionId, email),
      });
      expect(fromOther.status).toBe(200);
    } finally {
      await clearFailures(REGISTRATION_RATE_RULE, busy);
      await clearFailures(REGISTRATION_RATE_RULE, other);
    }
  });

  it('answers bogus registrations without hashing, so a burst of them does not hold up sign-ins', async () => {
    const { hashPassword } = await import('../../functions/src/accounts/password');
    // The cost of one hash on this machine now (the stack hashes on the same cores).
    await hashPassword('riscaldamento');
    const hashStarted = Date.now();
    await hashPassword('misura-un-hash');
    const oneHashMs = Date.now() - hashStarted;

    const bogus = Array.from({ length: 40 }, (_, index) =>
      api('POST', 'Tally/RegisterPatient', {
        body: registration(`inventato-${Date.now()}-${index}`, uniqueEmail('bot')),
      }),
    );
    const loginStarted = Date.now();
    await login('paziente@nutri.local', 'Paziente123!');
    const loginMs = Date.now() - loginStarted;
    expect((await Promise.all(bogus)).map((result) => result.status)).toEqual(Array(40).fill(404));
    // Hashing first, the sign-in waited for about 40 hashes; now the bogus calls cost a read each.
    expect(loginMs).toBeLessThan(15 * oneHashMs);
  });
});

describe('the patient’s nutritionist', () => {
  it('shows the assigned nutritionist with the matching skills and alternatives', async () => {
    const { tokens } = await registerNewPatient({ [QUESTION_KEYS.goals]: ['goal_sport', 'goal_weight'] });
    const result = await api<{
      Nutritionist: { UserId: string } | null;
      MatchingSkills: string[];
      MatchingNutritionists: { UserId: string }[];
    }>('GET', 'CurrentPatient/Nutritionist', { token: tokens.accessToken });
    expect(result.status).toBe(200);
    expect(result.body.Nutritionist?.UserId).toBeDefined();
    expect(result.body.MatchingSkills.length).toBeGreaterThan(0);
    expect(result.body.MatchingNutritionists.map((n) => n.UserId)).not.toContain(
      result.body.Nutritionist?.UserId,
    );
  });

  it('allows one change of nutritionist at step 1 or 2 only', async () => {
    const { tokens } = await registerNewPatient();
    const mine = await api<{ Nutritionist: { UserId: string }; MatchingNutritionists: { UserId: string }[] }>(
      'GET',
      'CurrentPatient/Nutritionist',
      {
        token: tokens.accessToken,
      },
    );
    const other = mine.body.MatchingNutritionists[0]!.UserId;
    const changed = await api('POST', 'CurrentPatient/Nutritionist/ChangeNutritionist', {
      token: tokens.accessToken,
      body: { NutritionistId: other },
    });
    expect(changed.status).toBe(204);
    const now = await api<{ Nutritionist: { UserId: string } }>('GET', 'CurrentPatient/Nutritionist', {
      token: tokens.accessToken,
    });
    expect(now.body.Nutritionist.UserId).toBe(other);
    const second = await api('POST', 'CurrentPatient/Nutritionist/ChangeNutritionist', {
      token: tokens.accessToken,
      body: { NutritionistId: mine.body.Nutritionist.UserId },
    });
    expect(second.status).toBe(422);
  });

  it('refuses the change at step 3', async () => {
    const { tokens } = await registerNewPatient();
    const me = await api<{ Id: string }>('GET', 'UserDetails', { token: tokens.accessToken });
    const { getPatientProfile, updatePatientProfile } =
      await import('../../functions/src/onboarding/patients-repo');
    await updatePatientProfile((await getPatientProfile(me.body.Id))!, { OnboardingStep: 3 }, new Date());
    const mine = await api<{ MatchingNutritionists: { UserId: string }[] }>(
      'GET',
      'CurrentPatient/Nutritionist',
      { token: tokens.accessToken },
    );
    const result = await api('POST', 'CurrentPatient/Nutritionist/ChangeNutritionist', {
      token: tokens.accessToken,
      body: { NutritionistId: mine.body.MatchingNutritionists[0]!.UserId },
    });
    expect(result.status).toBe(422);
  });
});

describe('Tally/Patient/{userId} (intake)', () => {
  it('shows the answers to the patient’s own nutritionist without contact fields, everything to admins, nothing to others', async () => {
    const { tokens, submissionId } = await registerNewPatient();
    const me = await api<{ Id: string }>('GET', 'UserDetails', { token: tokens.accessToken });
    const submission = await getStoredSubmission(submissionId);
    const { signAccessToken } = await import('../../functions/src/platform/tokens');
    const { startRefreshFamily } = await import('../../functions/src/accounts/credentials-repo');
    // A token of a real session (tokens name theirs, and a request checks it is still on).
    const tokenOf = async (userId: string) =>
      signAccessToken({
        sub: userId,
        roles: ['Nutritionist'],
        fam: (await startRefreshFamily(userId, false, new Date())).family.familyId,
      });
    const ownNutritionist = await tokenOf(submission!.match.nutritionistUserId!);
    const own = await api<{ Data: string }>('GET', `Tally/Patient/${me.body.Id}`, { token: ownNutritionist });
    expect(own.status).toBe(200);
    const ownTypes = (JSON.parse(own.body.Data) as { type: string }[]).map((field) => field.type);
    expect(ownTypes).toContain('CHECKBOXES');
    for (const hidden of ['INPUT_EMAIL', 'INPUT_PHONE_NUMBER', 'HIDDEN_FIELDS'])
      expect(ownTypes).not.toContain(hidden);

    const admin = await login('admin@nutri.local', 'Admin1234!');
    const all = await api<{ Data: string }>('GET', `Tally/Patient/${me.body.Id}`, {
      token: admin.accessToken,
    });
    expect((JSON.parse(all.body.Data) as { type: string }[]).map((field) => field.type)).toContain(
      'INPUT_EMAIL',
    );

    // Another nutritionist with a profile, made here so that it is certainly not the one matched.
    const otherId = randomUUID();
    await putNutritionist({
      id: otherId,
      email: `test-${otherId.slice(0, 8)}@nutri.test`,
      userName: `utente-${otherId.slice(0, 8)}`,
      name: 'Chiara',
      displayName: `Chiara Verdi ${otherId.slice(0, 4)}`,
      passwordHash: null,
    });
    expect(otherId).not.toBe(submission!.match.nutritionistUserId);
    expect((await api('GET', `Tally/Patient/${me.body.Id}`, { token: await tokenOf(otherId) })).status).toBe(
      403,
    );
    const stranger = await tokenOf('someone-else');
    expect((await api('GET', `Tally/Patient/${me.body.Id}`, { token: stranger })).status).toBe(403);
    expect((await api('GET', `Tally/Patient/${me.body.Id}`, { token: tokens.accessToken })).status).toBe(403);
  });
});

describe('privacy contracts', () => {
  it('serves both contracts and keeps a consent record for every acceptance', async () => {
    const { tokens } = await registerNewPatient();
    for (const type of [2, 3]) {
      const contract = await api<{ Title: string; ContractText: string }>(
        'GET',
        `Patients/Contracts/${type}`,
        { token: tokens.accessToken },
      );
      expect(contract.status).toBe(200);
      expect(contract.body.Title.length).toBeGreaterThan(5);
    }
    expect((await api('GET', 'Patients/Contracts/9', { token: tokens.accessToken })).status).toBe(400);
    const missing = await api('POST', 'Patients/Contracts/AcceptPrivacy', {
      token: tokens.accessToken,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      Errors: {
        ServicePrivacyAccepted: ['L’accettazione dell’informativa privacy del servizio è obbligatoria.'],
        NutritionistPrivacyAccepted: [
          'L’accettazione dell’informativa privacy del nutrizionista è obbligatoria.',
        ],
      },
    });
    const body = { ServicePrivacyAccepted: true, NutritionistPrivacyAccepted: true };
    expect(
      (await api('POST', 'Patients/Contracts/AcceptPrivacy', { token: tokens.accessToken, body })).status,
    ).toBe(204);
    expect(
      (await api('GET', 'CurrentPatient/Profile?fields=PrivacyContractSigned', { token: tokens.accessToken }))
        .body,
    ).toEqual({
      PrivacyContractSigned: true,
    });
    // A consent is keyed by its instant: the second acceptance must come at a later millisecond.
    const me = await api<{ Id: string }>('GET', 'UserDetails', { token: tokens.accessToken });
    const { listConsents } = await import('../../functions/src/onboarding/patients-repo');
    const first = await listConsents(me.body.Id);
    expect(first).toHaveLength(2);
    const firstAt = Math.max(...first.map((consent) => Date.parse(consent.acceptedAt)));
    await vi.waitUntil(() => Date.now() > firstAt);
    expect(
      (await api('POST', 'Patients/Contracts/AcceptPrivacy', { token: tokens.accessToken, body })).status,
    ).toBe(204);
    const consents = await listConsents(me.body.Id);
    expect(consents).toHaveLength(4);
    expect(consents.every((consent) => consent.version === 1 && consent.sourceIp.length > 0)).toBe(true);
  });
});

describe('the local questionnaire stand-in', () => {
  it('signs the answers like Tally and refuses missing required answers', async () => {
    const response = await fetch(`${stack.baseUrl}/dev/tally/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(answers()),
    });
    expect(response.status).toBe(200);
    const missing = await fetch(`${stack.baseUrl}/dev/tally/submit`, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(missing.status).toBe(400);
  });
});
