/**
 * Where the session lives in the browser: ONE key, in localStorage when the user asked to be remembered
 * (survives closing the browser), in sessionStorage otherwise (gone with the tab). Pure functions over a
 * Storage-like pair so the rules are unit-tested without a browser.
 */
import type { TokenResponse } from '@nutri/shared';

export const AUTH_STORAGE_KEY = 'nutri.auth';

export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms at which the access token expires (from `expires_in`). */
  expiresAt: number;
  /** Epoch ms at which the tokens were obtained (to refresh short-lived tokens in time). */
  obtainedAt: number;
  remember: boolean;
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionStorages {
  local: StorageLike | null;
  session: StorageLike | null;
}

export type StorageKind = keyof SessionStorages;

export const storageKindFor = (remember: boolean): StorageKind => (remember ? 'local' : 'session');

export const sessionFromTokens = (tokens: TokenResponse, remember: boolean, now: number): StoredSession => ({
  accessToken: tokens.accessToken,
  refreshToken: tokens.refreshToken,
  expiresAt: now + tokens.expires_in * 1000,
  obtainedAt: now,
  remember,
});

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Reads a stored value back; anything malformed (old format, tampering) counts as no session. */
export const parseStoredSession = (raw: string | null, remember: boolean): StoredSession | null => {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (!isNonEmptyString(record.accessToken) || !isNonEmptyString(record.refreshToken)) return null;
  if (!isFiniteNumber(record.expiresAt)) return null;
  return {
    accessToken: record.accessToken,
    refreshToken: record.refreshToken,
    expiresAt: record.expiresAt,
    obtainedAt: isFiniteNumber(record.obtainedAt) ? record.obtainedAt : record.expiresAt,
    remember,
  };
};

const safeGet = (storage: StorageLike | null) => {
  try {
    return storage?.getItem(AUTH_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
};

const safeRemove = (storage: StorageLike | null) => {
  try {
    storage?.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Storage disabled (private mode, policy): nothing was stored there either.
  }
};

/** The stored session: the tab's own (sessionStorage) first, then the remembered one. */
export const readSession = (storages: SessionStorages): StoredSession | null =>
  parseStoredSession(safeGet(storages.session), false) ?? parseStoredSession(safeGet(storages.local), true);

/** Stores the session in the storage its `remember` flag picks and removes it from the other one. */
export const writeSession = (storages: SessionStorages, session: StoredSession): void => {
  const kind = storageKindFor(session.remember);
  const other: StorageKind = kind === 'local' ? 'session' : 'local';
  safeRemove(storages[other]);
  const { remember: _remember, ...stored } = session;
  try {
    storages[kind]?.setItem(AUTH_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the session still works in memory for this page.
  }
};

export const clearSession = (storages: SessionStorages): void => {
  safeRemove(storages.local);
  safeRemove(storages.session);
};

/** The browser's storages, or null where access throws (sandboxed iframes, disabled cookies). */
export const browserStorages = (): SessionStorages => {
  const pick = (get: () => Storage): StorageLike | null => {
    try {
      return get();
    } catch {
      return null;
    }
  };
  return { local: pick(() => window.localStorage), session: pick(() => window.sessionStorage) };
};
