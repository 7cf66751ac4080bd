/**
 * Google sign-in endpoints on the running local stack, with the production verification code: the stack
 * trusts, as Google's key set (GOOGLE_JWKS_URL), the public half of a key generated for this run, whose
 * private half is NUTRI_GOOGLE_TEST_KEY (see tests/e2e/onboarding-google.spec.ts).
 */
import { createPrivateKey, createSign, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GENDER_PREFERENCE, QUESTION_KEYS, SEX_OPTIONS, type TokenResponse } from '@nutri/shared';
import { api, mailsTo, stack } from './support/api';

const testKey = (() => {
  const raw = process.env.NUTRI_GOOGLE_TEST_KEY;
  if (!raw) throw new Error('NUTRI_GOOGLE_TEST_KEY is not set: the stack must trust a Google test key.');
  const jwk = JSON.parse(raw) as { kid: string } & Record<string, unknown>;
  return { kid: jwk.kid, key: createPrivateKey({ key: jwk, format: 'jwk' }) };
})();

const clientId = async () => {
  const config = await api<{ GoogleClientId: string | null }>('GET', 'Config/Public');
  expect(config.body.GoogleClientId).toBeTruthy();
  return config.body.GoogleClientId!;
};

const idToken = async (email: string, overrides: Record<string, unknown> = {}) => {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = part({ alg: 'RS256', kid: testKey.kid, typ: 'JWT' });
  const payload = part({
    iss: 'https://accounts.google.com',
    aud: await clientId(),
    sub: randomUUID(),
    email,
    email_verified: true,
    given_name: 'Sara',
    family_name: 'Conti',
    iat: now,
    exp: now + 3600,
    ...overrides,
  });
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(testKey.key);
  return `${header}.${payload}.${signature.toString('base64url')}`;
};

const uniqueEmail = () => `google-${Date.now()}-${Math.floor(Math.random() * 1e6)}@nutri.test`;

const submitQuestionnaire = async (email: string) => {
  const response = await fetch(`${stack.baseUrl}/dev/tally/submit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      [QUESTION_KEYS.goals]: ['goal_sport'],
      [QUESTION_KEYS.medicalDiet]: 'medical_diet_no',
      [QUESTION_KEYS.genderPreference]: GENDER_PREFERENCE.any,
      [QUESTION_KEYS.dietStyle]: 'diet_omnivore',
      [QUESTION_KEYS.sex]: SEX_OPTIONS.female,
      [QUESTION_KEYS.age]: 29,
      [QUESTION_KEYS.firstName]: 'Sara',
      [QUESTION_KEYS.email]: email,
      [QUESTION_KEYS.phone]: '+393331112255',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { SubmissionId: string }).SubmissionId;
};

describe('ExternalSignIn/Google', () => {
  it('signs in the account of the verified e-mail, case aside', async () => {
    const result = await api<TokenResponse>('POST', 'ExternalSignIn/Google', {
      body: { IdToken: await idToken('Paziente@Nutri.Local') },
    });
    expect(result.status).toBe(200);
    const me = await api<{ AspNetUser: { Email: string } }>('GET', 'UserDetails', {
      token: result.body.accessToken,
    });
    expect(me.body.AspNetUser.Email).toBe('paziente@nutri.local');
  });

  it('answers nutri-user-not-found for an e-mail without an account', async () => {
    const result = await api('POST', 'ExternalSignIn/Google', {
      body: { IdToken: await idToken(uniqueEmail()) },
    });
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ code: 'nutri-user-not-found' });
  });

  it('refuses a token for another audience, an unverified e-mail, an expired or a tampered token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const valid = await idToken('paziente@nutri.local');
    const [header, payload, signature] = valid.split('.');
    const tampered = `${header}.${Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        email: 'admin@nutri.local',
      }),
    ).toString('base64url')}.${signature}`;
    for (const token of [
      await idToken('paziente@nutri.local', { aud: 'another-app.apps.googleusercontent.com' }),
      await idToken('paziente@nutri.local', { email_verified: false }),
      await idToken('paziente@nutri.local', { iat: now - 7200, exp: now - 3600 }),
      tampered,
    ]) {
      const result = await api('POST', 'ExternalSignIn/Google', { body: { IdToken: token } });
      expect(result.status).toBe(401);
    }
  });
});

describe('ExternalSignIn/Google/RegisterPatient', () => {
  it('refuses a Google account with another e-mail than the questionnaire’s, leaving the questionnaire free', async () => {
    const email = uniqueEmail();
    const submissionId = await submitQuestionnaire(email);
    const other = await api(
      'POST',
      `ExternalSignIn/Google/RegisterPatient?tallySubmissionId=${submissionId}`,
      { body: { IdToken: await idToken(uniqueEmail()) } },
    );
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      code: 'unprocessable',
      message:
        'Il tuo account Google ha un indirizzo e-mail diverso da quello indicato nel questionario: registrati con l’e-mail del questionario oppure scegli l’account Google con quell’indirizzo.',
    });
    const own = await api('POST', `ExternalSignIn/Google/RegisterPatient?tallySubmissionId=${submissionId}`, {
      body: { IdToken: await idToken(email) },
    });
    expect(own.status).toBe(200);
  });

  it('creates the verified patient of the questionnaire without a verification mail; a second time is refused', async () => {
    const email = uniqueEmail();
    const submissionId = await submitQuestionnaire(email);
    const registered = await api<TokenResponse>(
      'POST',
      `ExternalSignIn/Google/RegisterPatient?tallySubmissionId=${submissionId}`,
      { body: { IdToken: await idToken(email) } },
    );
    expect(registered.status).toBe(200);
    const profile = await api<{ OnboardingStep: number; IsPasswordSet: boolean }>(
      'GET',
      'CurrentPatient/Profile',
      { token: registered.body.accessToken },
    );
    expect(profile.body).toMatchObject({ OnboardingStep: 1, IsPasswordSet: false });
    const me = await api<{ DisplayName: string }>('GET', 'UserDetails', {
      token: registered.body.accessToken,
    });
    expect(me.body.DisplayName).toBe('Sara Conti');
    expect((await mailsTo(email)).filter((mail) => mail.subject.includes('Conferma'))).toHaveLength(0);

    const again = await api(
      'POST',
      `ExternalSignIn/Google/RegisterPatient?tallySubmissionId=${await submitQuestionnaire(email)}`,
      {
        body: { IdToken: await idToken(email) },
      },
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'nutri-user-already-exists' });
    // And now Google sign-in finds the account.
    expect(
      (await api('POST', 'ExternalSignIn/Google', { body: { IdToken: await idToken(email) } })).status,
    ).toBe(200);
  });
});
