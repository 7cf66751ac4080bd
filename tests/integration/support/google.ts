/**
 * The local stack's Google stand-in (infra/local/local-google.ts) as the tests use it: its local-only
 * controls (busy events, an account's events, Google failing, tokens expired or revoked, counts), and the
 * configuration that points the functions code a test runs itself at it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localGoogleEnvironment } from '../../../infra/local/local-google';
import { stack } from './api';

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
