/**
 * Whether a session (a refresh-token family) may still be used, asked on every signed-in request and by
 * the realtime channel, and ending sessions: the family is revoked, access tokens naming it are refused
 * from then on, and its WebSocket connections are closed.
 *
 * The answer is cached per container: "active" for ACTIVE_CACHE_MS, "ended" until any access token of
 * the family has expired (revocation is final). Ending a session updates this container's cache at
 * once; other containers see it within ACTIVE_CACHE_MS (docs/decisions/0003-identity.md).
 */
import { logger } from '../platform/logger';
import { ACCESS_TOKEN_TTL_SECONDS } from '../platform/tokens';
import { closeSessionConnections } from '../platform/session-connections';
import {
  activeFamilyCondition,
  getFamilyState,
  revokeAllFamilies,
  revokeFamily,
  type RefreshFamily,
} from './credentials-repo';

/** How long a container trusts an "active" answer: the longest a sign-out elsewhere goes unseen. */
export const ACTIVE_CACHE_MS = 5_000;
const ENDED_CACHE_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;
/** Bounds the cache's memory (a container serves at most this many sessions without asking again). */
const MAX_CACHED = 10_000;

const cache = new Map<string, { active: boolean; until: number }>();
const cacheKey = (familyId: string, userId: string) => `${userId}#${familyId}`;

const remember = (key: string, active: boolean, nowMs: number) => {
  cache.delete(key);
  if (cache.size >= MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, { active, until: nowMs + (active ? ACTIVE_CACHE_MS : ENDED_CACHE_MS) });
};

/**
 * Whether the user's session `familyId` is still on: one strongly consistent GetItem, unless this
 * container asked within ACTIVE_CACHE_MS. `fresh` skips the cache (opening a WebSocket connection).
 */
export const isSessionActive = async (
  familyId: string,
  userId: string,
  options: { fresh?: boolean } = {},
): Promise<boolean> => {
  const key = cacheKey(familyId, userId);
  const nowMs = Date.now();
  const cached = cache.get(key);
  if (cached && cached.until > nowMs && (!options.fresh || !cached.active)) return cached.active;
  const state = await getFamilyState(familyId, new Date(nowMs));
  const active = state !== null && state.active && state.userId === userId;
  remember(key, active, nowMs);
  return active;
};

/**
 * The session check as a condition of the caller's own transaction, for a write that must not outlive a
 * sign-out (storing a WebSocket connection: a sign-out revokes first, then closes the connections it
 * finds, so either this write fails or the sign-out finds what it wrote). Skips the cache.
 */
export const activeSessionCondition = (familyId: string, userId: string, now: Date) =>
  activeFamilyCondition(familyId, userId, now);

const markEnded = (userId: string, familyIds: readonly string[]) => {
  const nowMs = Date.now();
  for (const familyId of familyIds) remember(cacheKey(familyId, userId), false, nowMs);
};

/** A failure to close is logged: the connections' items are gone first, and each action checks the session. */
const closeConnectionsOf = async (userId: string, familyIds: readonly string[]) => {
  try {
    await closeSessionConnections(userId, new Set(familyIds));
  } catch (error) {
    logger.warn('Closing the connections of an ended session failed', {
      userId,
      reason: error instanceof Error ? error.name : 'Error',
    });
  }
};

/** Ends one session: sign-out, or a refresh token used twice. */
export const endSession = async (family: Pick<RefreshFamily, 'familyId' | 'userId'>, now: Date) => {
  await revokeFamily(family.familyId, now);
  markEnded(family.userId, [family.familyId]);
  await closeConnectionsOf(family.userId, [family.familyId]);
};

/** Ends every session of the user but `exceptFamilyId` (password change or reset; disabling a user). */
export const endOtherSessions = async (userId: string, now: Date, exceptFamilyId?: string) => {
  const ended = await revokeAllFamilies(userId, now, exceptFamilyId);
  markEnded(userId, ended);
  await closeConnectionsOf(userId, ended);
};
