/**
 * "Accedi con Google" on /Login and "Registrati con Google" on /Grazie, on the local stack.
 *
 * Google cannot be reached from the tests, so its script is replaced at its own address
 * (https://accounts.google.com/gsi/client, which the page's CSP must allow) by a stand-in drawing a
 * button whose click plays the popup: the test decides whether the person picks an account or closes it.
 * The ID token handed over is real: RS256-signed with a key generated for this run, whose public half the
 * stack trusts as Google's (GOOGLE_JWKS_URL) for the client id it serves (GOOGLE_CLIENT_ID), so the
 * server's real verification runs. The stack and this file share that key through the environment:
 * NUTRI_GOOGLE_TEST_KEY holds the private JWK (with its kid).
 */
import { createPrivateKey, createSign, randomUUID } from 'node:crypto';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { GENDER_PREFERENCE, QUESTION_KEYS, SEX_OPTIONS } from '@nutri/shared';
import { seriousViolations } from '../support/axe';

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';

const testKey = (() => {
  const raw = process.env.NUTRI_GOOGLE_TEST_KEY;
  if (!raw) {
    throw new Error(
      'NUTRI_GOOGLE_TEST_KEY is not set: start the stack with GOOGLE_CLIENT_ID and GOOGLE_JWKS_URL ' +
        'trusting the public half of this key (see tests/e2e/onboarding-google.spec.ts).',
    );
  }
  const jwk = JSON.parse(raw) as { kid: string } & Record<string, unknown>;
  return { kid: jwk.kid, key: createPrivateKey({ key: jwk, format: 'jwk' }) };
})();

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A Google ID token for `email`, as Google signs them (RS256, kid, iss, aud, exp, email_verified). */
const googleIdToken = (clientId: string, email: string, overrides: Record<string, unknown> = {}) => {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', kid: testKey.kid, typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      iss: 'https://accounts.google.com',
      aud: clientId,
      sub: randomUUID(),
      email,
      email_verified: true,
      given_name: 'Sara',
      family_name: 'Conti',
      name: 'Sara Conti',
      iat: now,
      exp: now + 3600,
      ...overrides,
    }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(testKey.key);
  return `${header}.${payload}.${base64url(signature)}`;
};

/**
 * Google's script, played by the test: `google.accounts.id.initialize` keeps the callback,
 * `renderButton` draws a button; a click asks the test what the popup does (a credential, or null for
 * a popup closed without choosing) and, like Google, calls back only with a credential. It counts the
 * popups closed without a choice, so a test knows the click has played out.
 */
const FAKE_GOOGLE_SCRIPT = `(() => {
  let configuration = null;
  const labels = { signin_with: 'Accedi con Google', signup_with: 'Registrati con Google', continue_with: 'Continua con Google' };
  window.google = { accounts: { id: {
    initialize(config) { configuration = config; window.__googleInitialized = { client_id: config.client_id, ux_mode: config.ux_mode }; },
    renderButton(parent, options) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = labels[options.text] || 'Accedi con Google';
      button.style.cssText = 'height:40px;border:1px solid #dadce0;border-radius:20px;background:#fff;font:500 14px sans-serif;color:#3c4043;padding:0 16px;width:' + (options.width || 240) + 'px';
      button.addEventListener('click', async () => {
        const credential = await window.googlePopup();
        if (credential) configuration.callback({ credential, select_by: 'btn' });
        else window.__googlePopupsClosed = (window.__googlePopupsClosed || 0) + 1;
      });
      parent.appendChild(button);
    },
  } } };
})();`;

interface GooglePopup {
  /** What the next click of Google's button does: sign in with this token, or close the popup (null). */
  next: (credential: string | null) => void;
}

/** Serves the stand-in script in place of Google's and lets the test play the popup. */
const fakeGoogle = async (page: Page): Promise<GooglePopup> => {
  let nextCredential: string | null = null;
  await page.exposeFunction('googlePopup', () => {
    const credential = nextCredential;
    nextCredential = null;
    return credential;
  });
  await page.route(GOOGLE_SCRIPT, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: FAKE_GOOGLE_SCRIPT }),
  );
  return { next: (credential) => (nextCredential = credential) };
};

/** How many times the person closed Google's popup without choosing an account. */
const closedPopups = (page: Page) =>
  page.evaluate(() => (window as { __googlePopupsClosed?: number }).__googlePopupsClosed ?? 0);

/** The client id the stack serves (and checks as the tokens' audience). */
const clientIdOf = async (page: Page) => {
  const response = await page.request.get('/api/v2/Config/Public');
  const { GoogleClientId } = (await response.json()) as { GoogleClientId: string | null };
  expect(GoogleClientId, 'the stack must be started with GOOGLE_CLIENT_ID').toBeTruthy();
  return GoogleClientId!;
};

/** Every call to the Google sign-in endpoints the page makes. */
const googleCalls = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v2/ExternalSignIn/Google')) calls.push(request.url());
  });
  return calls;
};

const uniqueEmail = (testInfo: TestInfo, name: string) =>
  `${name}-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@nutri.test`;

/** A questionnaire sent through the local stand-in (signed like Tally): its submission id. */
const submitQuestionnaire = async (page: Page, email: string) => {
  const response = await page.request.post('/dev/tally/submit', {
    data: {
      [QUESTION_KEYS.goals]: ['goal_sport'],
      [QUESTION_KEYS.medicalDiet]: 'medical_diet_no',
      [QUESTION_KEYS.genderPreference]: GENDER_PREFERENCE.any,
      [QUESTION_KEYS.dietStyle]: 'diet_omnivore',
      [QUESTION_KEYS.sex]: SEX_OPTIONS.female,
      [QUESTION_KEYS.age]: 29,
      [QUESTION_KEYS.firstName]: 'Sara',
      [QUESTION_KEYS.email]: email,
      [QUESTION_KEYS.phone]: '+393331112255',
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { SubmissionId: string }).SubmissionId;
};

test.describe('Accedi con Google (/Login)', () => {
  test('is not offered when no Google client id is configured, and Google is never contacted', async ({
    page,
  }) => {
    const contacted: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('https://accounts.google.com')) contacted.push(request.url());
    });
    // This deployment without Google: the same configuration with no client id.
    await page.route('**/api/v2/Config/Public', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, GoogleClientId: null } });
    });
    await page.goto('/Login');
    await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
    await page.goto(`/Grazie?submission_id=qualunque`);
    await expect(page.getByRole('button', { name: 'Registrati con la tua e-mail' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);
    await expect(page.getByText('oppure', { exact: true })).toHaveCount(0);
    expect(contacted).toEqual([]);
    // A configuration request may still be in the route when the test ends: let it go quietly.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('signs in with the Google account and lands on the home', async ({ page }) => {
    const popup = await fakeGoogle(page);
    const clientId = await clientIdOf(page);
    await page.goto('/Login');
    const google = page.getByRole('button', { name: 'Accedi con Google' });
    await expect(google).toBeVisible();
    expect(
      await page.evaluate(() => (window as { __googleInitialized?: unknown }).__googleInitialized),
    ).toEqual({
      client_id: clientId,
      ux_mode: 'popup',
    });
    expect(await seriousViolations(page)).toEqual([]);

    popup.next(googleIdToken(clientId, 'paziente@nutri.local'));
    await google.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ciao, Giulia Rossi!' })).toBeVisible();
  });

  test('goes back to the page asked for, as the password sign-in does', async ({ page }) => {
    const popup = await fakeGoogle(page);
    const clientId = await clientIdOf(page);
    await page.goto('/Account/Profile');
    await expect(page).toHaveURL(/\/Login\?ReturnUrl=%2FAccount%2FProfile/);
    popup.next(googleIdToken(clientId, 'paziente@nutri.local'));
    await page.getByRole('button', { name: 'Accedi con Google' }).click();
    await expect(page).toHaveURL(/\/Account\/Profile$/);
  });

  test('a Google account without a profile opens the dialog that leads to the questionnaire', async ({
    page,
  }, testInfo) => {
    const popup = await fakeGoogle(page);
    const clientId = await clientIdOf(page);
    await page.goto('/Login');
    popup.next(googleIdToken(clientId, uniqueEmail(testInfo, 'sconosciuto')));
    await page.getByRole('button', { name: 'Accedi con Google' }).click();

    const dialog = page.getByRole('dialog', { name: 'Nessun profilo con questa e-mail' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('compila il questionario');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('link', { name: 'Compila il questionario' }).click();
    await expect(page).toHaveURL(/\/Trova-il-tuo-Nutrizionista$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trova il tuo nutrizionista' })).toBeVisible();
  });

  test('a closed Google popup changes nothing; the next try signs in', async ({ page }) => {
    const popup = await fakeGoogle(page);
    const calls = googleCalls(page);
    const clientId = await clientIdOf(page);
    await page.goto('/Login');
    const google = page.getByRole('button', { name: 'Accedi con Google' });

    popup.next(null);
    await google.click();
    // The popup has played out and Google called nothing back: the page stays as it was (a stray call to
    // the server would also show in `calls` after the next try).
    await expect.poll(() => closedPopups(page)).toBe(1);
    expect(calls).toEqual([]);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL(/\/Login$/);

    popup.next(googleIdToken(clientId, 'paziente@nutri.local'));
    await google.click();
    await expect(page).toHaveURL(/\/$/);
    expect(calls).toHaveLength(1);
  });

  test('a token the server refuses shows the error, not the dialog', async ({ page }) => {
    const popup = await fakeGoogle(page);
    await page.goto('/Login');
    // Issued for another application: the audience check refuses it.
    popup.next(googleIdToken('another-app.apps.googleusercontent.com', 'paziente@nutri.local'));
    await page.getByRole('button', { name: 'Accedi con Google' }).click();
    await expect(page.getByRole('alert')).toHaveText('Accesso con Google non riuscito: riprova.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/Login$/);
  });
});

test.describe('Registrati con Google (/Grazie)', () => {
  test('creates the patient of the questionnaire and signs in; the same account again is already registered', async ({
    page,
  }, testInfo) => {
    const popup = await fakeGoogle(page);
    const clientId = await clientIdOf(page);
    const email = uniqueEmail(testInfo, 'google');
    await page.goto(`/Grazie?submission_id=${await submitQuestionnaire(page, email)}`);
    const google = page.getByRole('button', { name: 'Registrati con Google' });
    await expect(google).toBeVisible();
    await expect(page.getByRole('button', { name: 'Registrati con la tua e-mail' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    popup.next(googleIdToken(clientId, email));
    await google.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ciao, Sara Conti!' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Prenota il tuo incontro conoscitivo gratuito' }),
    ).toBeVisible();

    // Signed out, a new questionnaire with the same Google account: 'Utente già registrato'.
    await page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
    await page.goto(`/Grazie?submission_id=${await submitQuestionnaire(page, email)}`);
    popup.next(googleIdToken(clientId, email));
    await page.getByRole('button', { name: 'Registrati con Google' }).click();
    const dialog = page.getByRole('dialog', { name: 'Utente già registrato' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Vai all’accesso' })).toHaveAttribute('href', '/Login');
  });

  test('any other refusal opens ‘Ops! Qualcosa è andato storto’; a closed popup nothing', async ({
    page,
  }, testInfo) => {
    const popup = await fakeGoogle(page);
    const calls = googleCalls(page);
    const clientId = await clientIdOf(page);
    const email = uniqueEmail(testInfo, 'google-rifiuto');
    await page.goto(`/Grazie?submission_id=${await submitQuestionnaire(page, email)}`);
    const google = page.getByRole('button', { name: 'Registrati con Google' });

    popup.next(null);
    await google.click();
    await expect.poll(() => closedPopups(page)).toBe(1);
    expect(calls).toEqual([]);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Google did not verify this address: the server refuses the token.
    popup.next(googleIdToken(clientId, email, { email_verified: false }));
    await google.click();
    const dialog = page.getByRole('dialog', { name: 'Ops! Qualcosa è andato storto' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Accesso con Google non riuscito: riprova.');
    expect(calls).toHaveLength(1);
    await expect(page).toHaveURL(/\/Grazie\?submission_id=/);
  });
});
