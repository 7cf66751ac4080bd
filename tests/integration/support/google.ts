/**
 * The local stack's Google stand-in (infra/local/local-google.ts) as the tests use it: its local-only
 * controls (busy events, an account's events, Google failing, tokens expired or revoked, counts), and the
 * configuration that points the functions code a test runs itself at it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { GoogleCalendarView } from '@nutri/shared';
import { localGoogleEnvironment } from '../../../infra/local/local-google';
import { api, stack } from './api';
import { createNutritionist } from './visits';

export const googleUrl = stack.googleUrl ?? '';

/** Points this process's functions code at the stand-in, with the stack's own token key. */
export const useLocalGoogle = () =>
  Object.assign(process.env, {
    ...localGoogleEnvironment(googleUrl),
    GOOGLE_TOKEN_KEY: readFileSync(join(stack.dataDir, 'keys', 'google-token.key'), 'utf8').trim(),
  });

/** A local-only control of the stand-in: GET without a body, POST with one. */
export const googleDev = async <T = unknown>(path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${googleUrl}/dev/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`Google stand-in ${path}: ${response.status}`);
  return (await response.json()) as T;
};

export const partner = () => createNutritionist({ IsCalendarPartner: true });

/** The consent page's "Consenti" for the given Google account: Google's redirect back, as a URL. */
export const consent = async (authorizationUrl: string, email: string) => {
  const form = new URLSearchParams(new URL(authorizationUrl).searchParams);
  form.set('answer', 'allow');
  form.set('email', email);
  const response = await fetch(`${googleUrl}/o/oauth2/v2/auth/answer`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
};

export const authorize = async (token: string) => {
  const started = await api<{ AuthorizationUrl: string }>(
    'POST',
    'CurrentNutritionist/GoogleCalendar/Authorization',
    { token },
  );
  expect(started.status).toBe(200);
  return started.body.AuthorizationUrl;
};

/** A partner connected to a Google account of their own. */
export const connected = async () => {
  const nutritionist = await partner();
  const email = `studio-${randomUUID().slice(0, 8)}@gmail.local`;
  const back = await consent(await authorize(nutritionist.token), email);
  expect(back.pathname).toBe('/AreaNutritionists/GoogleCalendarConnect');
  const done = await api<GoogleCalendarView>('POST', 'CurrentNutritionist/GoogleCalendar/Callback', {
    token: nutritionist.token,
    body: { Code: back.searchParams.get('code'), State: back.searchParams.get('state') },
  });
  expect(done.status).toBe(200);
  return { nutritionist, email, view: done.body };
};
