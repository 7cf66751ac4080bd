/**
 * Sign-in and sessions: Login, refresh with rotation and reuse detection, Logout, and the instant-login
 * exchange. Login failures for unknown accounts and wrong passwords are indistinguishable (same answer,
 * same work: the password is checked against a dummy hash) and count the same towards throttling
 * (login-throttle.ts). Sign-out and refresh-token reuse end the session at once (session-state.ts).
 */
import {
  instantLoginTokenSchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  type TokenResponse,
} from '@nutri/shared';
import * as z from 'zod';
import { clientIp } from '../http/client-ip';
import { AppError, tooManyRequests } from '../http/errors';
import { defineOperation, noContent } from '../http/operation';
import { now } from '../platform/clock';
import { logger } from '../platform/logger';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../platform/tokens';
import {
  consumeOneTimeToken,
  familyOfRefreshToken,
  rotateRefreshToken,
  startRefreshFamily,
  type RefreshFamily,
} from './credentials-repo';
import { loginWaitSeconds, recordLoginFailure, recordLoginSuccess, waitInWords } from './login-throttle';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';
import { endSession } from './session-state';
import { findUserByLogin, getUser, updateUser, type User } from './users-repo';

export const LOGIN_FAILED_MESSAGE = 'Nome utente o password non valido!';

const invalidSession = () => new AppError('unauthorized', 'Sessione scaduta: effettua di nuovo il login.');

export const issueTokens = async (
  user: User,
  family: RefreshFamily,
  refreshToken: string,
): Promise<TokenResponse> => ({
  accessToken: await signAccessToken({ sub: user.Id, roles: user.roles, fam: family.familyId }),
  refreshToken,
  expires_in: ACCESS_TOKEN_TTL_SECONDS,
});

export const login = defineOperation('public', { body: loginRequestSchema }, async ({ body, event }) => {
  const at = now();
  const account = body.email.trim().toLowerCase();
  const ip = clientIp(event);
  const wait = await loginWaitSeconds(account, ip, at);
  if (wait > 0) throw tooManyRequests(wait, `Troppi tentativi di accesso. Riprova tra ${waitInWords(wait)}.`);

  const user = await findUserByLogin(account);
  const valid = await verifyPassword(body.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !user.passwordHash || !valid) {
    await recordLoginFailure(account, ip, user, at);
    logger.info('Login failed');
    throw new AppError('unauthorized', LOGIN_FAILED_MESSAGE);
  }
  await recordLoginSuccess(account, ip);
  if (needsRehash(user.passwordHash)) {
    await updateUser(user, { passwordHash: await hashPassword(body.password) }, at).catch(() => undefined);
  }
  const { token, family } = await startRefreshFamily(user.Id, body.rememberMe, at);
  return issueTokens(user, family, token);
});

export const refresh = defineOperation('public', { body: refreshRequestSchema }, async ({ body }) => {
  const at = now();
  const result = await rotateRefreshToken(body.refreshToken, at);
  if (result.outcome === 'reused') {
    // A rotated token came back: someone holds a copy. End the whole session for both holders.
    logger.warn('Refresh token reuse detected: family revoked', { familyId: result.family.familyId });
    await endSession(result.family, at);
    throw invalidSession();
  }
  if (result.outcome === 'invalid') throw invalidSession();
  const user = await getUser(result.family.userId);
  if (!user) throw invalidSession();
  return issueTokens(user, result.family, result.token);
});

export const logout = defineOperation('public', { body: logoutRequestSchema }, async ({ body }) => {
  const family = await familyOfRefreshToken(body.refreshToken);
  if (family) await endSession(family, now());
  return noContent();
});

/** Links the product sends carry a single-use token that signs the user in (a session without remember-me). */
export const INSTANT_LOGIN_LIFETIME_SECONDS = 15 * 60;

export const exchangeInstantLoginToken = defineOperation(
  'public',
  { path: z.object({ token: instantLoginTokenSchema }) },
  async ({ path }) => {
    const at = now();
    const consumed = await consumeOneTimeToken('instant-login', path.token, at);
    const user = consumed ? await getUser(consumed.userId) : null;
    if (!user) throw new AppError('unauthorized', 'Il link di accesso non è valido o è scaduto.');
    const { token, family } = await startRefreshFamily(user.Id, false, at);
    return issueTokens(user, family, token);
  },
);
