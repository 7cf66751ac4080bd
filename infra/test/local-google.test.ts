/**
 * The Google stand-in answers Google's own client libraries as Google does (docs/decisions/0030-gcal-google-calendar.md):
 * the adapter (functions/src/platform/google-calendar.ts) is pointed at it by configuration only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCAL_GOOGLE_DEFAULT_ACCOUNT,
  localGoogleEnvironment,
  startLocalGoogle,
  type LocalEvent,
  type LocalGoogle,
  type LocalGoogleStats,
} from '../local/local-google';

const REDIRECT_URI = 'http://localhost:3999/AreaNutritionists/GoogleCalendarConnect';
const dir = mkdtempSync(join(tmpdir(), 'nutri-google-'));
let google: LocalGoogle;

const adapter = () => import('@nutri/functions/platform/google-calendar');

beforeAll(async () => {
  google = await startLocalGoogle({ stateFile: join(dir, 'state.json') });
  const { resetConfigCache } = await import('@nutri/functions/platform/config');
  Object.assign(process.env, {
    TABLE_NAME: 'unused',
    FILES_BUCKET: 'unused',
    ASSETS_BUCKET: 'unused',
    ASSETS_BASE_URL: 'http://localhost:3999/media',
    PUBLIC_BASE_URL: 'http://localhost:3999',
    ...localGoogleEnvironment(google.url),
  });
  resetConfigCache();
});

afterAll(async () => {
  await google.stop();
  rmSync(dir, { recursive: true, force: true });
});

const dev = async <T>(path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${google.url}/dev/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as T;
};

/** What the consent page's "Consenti" does: the redirect back with a code (or the refusal). */
const consent = async (authorizationUrl: string, answer: 'allow' | 'deny' = 'allow') => {
  const page = await fetch(authorizationUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Consenti');
  const form = new URLSearchParams(new URL(authorizationUrl).searchParams);
  form.set('answer', answer);
  form.set('email', LOCAL_GOOGLE_DEFAULT_ACCOUNT);
  const response = await fetch(`${google.url}/o/oauth2/v2/auth/answer`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
};

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const connect = async () => {
  const { googleAuthorizationUrl, exchangeGoogleCode } = await adapter();
  const { verifier, challenge } = pkce();
  const url = await googleAuthorizationUrl({
    state: 's1',
    codeChallenge: challenge,
    redirectUri: REDIRECT_URI,
  });
  const back = await consent(url);
  return exchangeGoogleCode({
    code: back.searchParams.get('code') ?? '',
    codeVerifier: verifier,
    redirectUri: REDIRECT_URI,
  });
};

describe('local Google stand-in, through Google’s own clients', () => {
  it('the consent URL asks for offline access, PKCE S256 and the three narrow scopes only', async () => {
    const { googleAuthorizationUrl, GOOGLE_CALENDAR_SCOPES } = await adapter();
    const url = new URL(
      await googleAuthorizationUrl({
        state: 'abc',
        codeChallenge: 'x'.repeat(43),
        redirectUri: REDIRECT_URI,
      }),
    );
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe('abc');
    expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual([...GOOGLE_CALENDAR_SCOPES].sort());
  });

  it('refusing consent comes back as access_denied with the state', async () => {
    const { googleAuthorizationUrl } = await adapter();
    const url = await googleAuthorizationUrl({
      state: 'st',
      codeChallenge: pkce().challenge,
      redirectUri: REDIRECT_URI,
    });
    const back = await consent(url, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('a code with another PKCE verifier is refused, and the code is then spent', async () => {
    const { googleAuthorizationUrl, exchangeGoogleCode, GoogleGrantRefused } = await adapter();
    const url = await googleAuthorizationUrl({
      state: 'st',
      codeChallenge: pkce().challenge,
      redirectUri: REDIRECT_URI,
    });
    const code = (await consent(url)).searchParams.get('code') ?? '';
    await expect(
      exchangeGoogleCode({ code, codeVerifier: pkce().verifier, redirectUri: REDIRECT_URI }),
    ).rejects.toBeInstanceOf(GoogleGrantRefused);
  });

  it('tokens, calendar list, free/busy, idempotent events, refresh and revocation', async () => {
    const { googleCalendarSession, revokeGoogleToken, GoogleGrantRefused } = await adapter();
    const tokens = await connect();
    expect(tokens.refreshToken).toMatch(/^1\/\/local-/);
    const stored: string[] = [];
    const session = await googleCalendarSession(tokens, (accessToken) => {
      stored.push(accessToken);
      return Promise.resolve();
    });

    const calendars = await session.listCalendars();
    expect(calendars.find((calendar) => calendar.primary)?.id).toBe(LOCAL_GOOGLE_DEFAULT_ACCOUNT);
    expect(calendars.find((calendar) => calendar.summary === 'Festività in Italia')?.writable).toBe(false);

    const start = new Date(Date.now() + 86_400_000);
    const end = new Date(start.getTime() + 3_600_000);
    await dev(`accounts/${LOCAL_GOOGLE_DEFAULT_ACCOUNT}/events`, {
      start: { dateTime: start.toISOString() },
      end: { dateTime: end.toISOString() },
      summary: 'Dentista',
    });
    const busy = await session.freeBusy(
      [LOCAL_GOOGLE_DEFAULT_ACCOUNT],
      new Date(),
      new Date(end.getTime() + 1000),
    );
    expect(busy).toEqual([{ start: start.toISOString(), end: end.toISOString() }]);

    const event = {
      summary: 'Visita Nutrì – Giulia M.',
      description: 'Stanza video',
      location: 'http://localhost:3999/AreaNutritionists/Bookings/1/VideoRoom',
      start: start.toISOString(),
      end: end.toISOString(),
    };
    await session.putEvent(LOCAL_GOOGLE_DEFAULT_ACCOUNT, 'nutri00001', event);
    await session.putEvent(LOCAL_GOOGLE_DEFAULT_ACCOUNT, 'nutri00001', event);
    const moved = new Date(start.getTime() + 7_200_000).toISOString();
    await session.putEvent(LOCAL_GOOGLE_DEFAULT_ACCOUNT, 'nutri00001', {
      ...event,
      start: moved,
      end: moved,
    });
    const events = async () =>
      (await dev<{ items: LocalEvent[] }>(`accounts/${LOCAL_GOOGLE_DEFAULT_ACCOUNT}/events`)).items.filter(
        (item) => item.id === 'nutri00001',
      );
    expect((await events()).map((item) => [item.status, item.start.dateTime])).toEqual([
      ['confirmed', moved],
    ]);
    await session.deleteEvent(LOCAL_GOOGLE_DEFAULT_ACCOUNT, 'nutri00001');
    await session.deleteEvent(LOCAL_GOOGLE_DEFAULT_ACCOUNT, 'nutri00001');
    expect((await events()).map((item) => item.status)).toEqual(['cancelled']);
    // A deleted id comes back by update, as on Google.
    await session.putEvent(LOCAL_GOOGLE_DEFAULT_ACCOUNT, 'nutri00001', event);
    expect((await events()).map((item) => item.status)).toEqual(['confirmed']);

    // An access token Google no longer accepts is refreshed by the library, and the new one handed over.
    const before = await dev<LocalGoogleStats>('stats');
    await dev(`accounts/${LOCAL_GOOGLE_DEFAULT_ACCOUNT}/expire-access-tokens`, {});
    await session.listCalendars();
    expect((await dev<LocalGoogleStats>('stats')).refreshGrants).toBe(before.refreshGrants + 1);
    expect(stored).toHaveLength(1);

    expect(await revokeGoogleToken(tokens.refreshToken)).toBe(true);
    expect(await revokeGoogleToken(tokens.refreshToken)).toBe(false);
    const revoked = await googleCalendarSession(
      { ...tokens, accessToken: null, accessTokenExpiresAt: null },
      () => Promise.resolve(),
    );
    await expect(revoked.listCalendars()).rejects.toBeInstanceOf(GoogleGrantRefused);
  });

  it('Google failing comes out as GoogleUnavailable', async () => {
    const { googleCalendarSession, GoogleUnavailable } = await adapter();
    const session = await googleCalendarSession(await connect(), () => Promise.resolve());
    await dev('failing', { failing: true });
    try {
      await expect(
        session.freeBusy([LOCAL_GOOGLE_DEFAULT_ACCOUNT], new Date(), new Date(Date.now() + 1000)),
      ).rejects.toBeInstanceOf(GoogleUnavailable);
    } finally {
      await dev('failing', { failing: false });
    }
  });
});
