import { describe, expect, it } from 'vitest';
import {
  AUTH_STORAGE_KEY,
  clearSession,
  parseStoredSession,
  readSession,
  sessionFromTokens,
  storageKindFor,
  writeSession,
  type StorageLike,
} from '../src/features/auth/token-storage';

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const storages = () => ({ local: new MemoryStorage(), session: new MemoryStorage() });
const tokens = { accessToken: 'access', refreshToken: 'refresh', expires_in: 900 };

describe('token storage', () => {
  it('remembers in localStorage, otherwise only for the browser session', () => {
    expect(storageKindFor(true)).toBe('local');
    expect(storageKindFor(false)).toBe('session');
  });

  it('computes the expiry from expires_in seconds', () => {
    expect(sessionFromTokens(tokens, false, 1_000)).toEqual({
      accessToken: 'access',
      refreshToken: 'refresh',
      expiresAt: 901_000,
      obtainedAt: 1_000,
      remember: false,
    });
  });

  it('writes under one key in the chosen storage and removes it from the other', () => {
    const both = storages();
    writeSession(both, sessionFromTokens(tokens, true, 0));
    expect([...both.local.items.keys()]).toEqual([AUTH_STORAGE_KEY]);
    expect(both.session.items.size).toBe(0);
    expect(readSession(both)?.remember).toBe(true);

    writeSession(both, sessionFromTokens({ ...tokens, accessToken: 'other' }, false, 0));
    expect(both.local.items.size).toBe(0);
    expect([...both.session.items.keys()]).toEqual([AUTH_STORAGE_KEY]);
    expect(readSession(both)).toMatchObject({ accessToken: 'other', remember: false });

    clearSession(both);
    expect(both.local.items.size + both.session.items.size).toBe(0);
    expect(readSession(both)).toBeNull();
  });

  it('treats malformed stored values as no session', () => {
    expect(parseStoredSession('not json', true)).toBeNull();
    expect(parseStoredSession('{"accessToken":"a"}', true)).toBeNull();
    expect(parseStoredSession('null', true)).toBeNull();
    expect(parseStoredSession('{"accessToken":"a","refreshToken":"r","expiresAt":"soon"}', true)).toBeNull();
  });

  it('survives storages that throw (disabled storage)', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const pair = { local: throwing, session: throwing };
    expect(() => writeSession(pair, sessionFromTokens(tokens, true, 0))).not.toThrow();
    expect(readSession(pair)).toBeNull();
    expect(() => clearSession(pair)).not.toThrow();
  });
});
