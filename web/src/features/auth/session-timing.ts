/** When to refresh the access token (spec: expiry computed from `expires_in` seconds). */
import type { StoredSession } from './token-storage';

/** Refresh this long before expiry... */
export const REFRESH_MARGIN_MS = 60_000;
/** ...but never later than this fraction of the token's life, so short-lived tokens refresh in time. */
const LIFETIME_FRACTION = 0.5;

/** Milliseconds before expiry at which the token counts as due for refresh. */
const marginFor = (session: Pick<StoredSession, 'expiresAt' | 'obtainedAt'>) => {
  const lifetime = Math.max(0, session.expiresAt - session.obtainedAt);
  return Math.min(REFRESH_MARGIN_MS, lifetime * LIFETIME_FRACTION);
};

/** Delay from `now` until the refresh is due (0 when already due or expired). */
export const refreshDelayMs = (
  session: Pick<StoredSession, 'expiresAt' | 'obtainedAt'>,
  now: number,
): number => Math.max(0, session.expiresAt - marginFor(session) - now);

export const isRefreshDue = (session: Pick<StoredSession, 'expiresAt' | 'obtainedAt'>, now: number) =>
  refreshDelayMs(session, now) === 0;

/** Waits after a refresh that failed for network reasons (the server did not say no): 5 s, 15 s, 30 s... */
export const networkRetryDelayMs = (attempt: number) => [5_000, 15_000, 30_000][attempt] ?? 60_000;
