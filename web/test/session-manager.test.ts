import { describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '@nutri/shared';
import { ApiError, NetworkError } from '../src/api/api-error';
import { SessionManager, type SessionManagerDeps } from '../src/features/auth/session-manager';
import { isRefreshDue, refreshDelayMs } from '../src/features/auth/session-timing';
import { AUTH_STORAGE_KEY, type StorageLike } from '../src/features/auth/token-storage';

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

const tokens = (name: string, expiresIn = 900): TokenResponse => ({
  accessToken: `access-${name}`,
  refreshToken: `refresh-${name}`,
  expires_in: expiresIn,
});

/** A manager on memory storages, a hand-driven clock and timers that only run when asked. */
const setup = (overrides: Partial<SessionManagerDeps> = {}) => {
  let now = 1_000_000;
  const timers: { callback: () => void; at: number }[] = [];
  const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
  const refresh = vi.fn<(token: string) => Promise<TokenResponse>>(() => Promise.resolve(tokens('next')));
  const logout = vi.fn<(token: string) => Promise<void>>(() => Promise.resolve());
  const manager = new SessionManager({
    storages,
    refresh,
    logout,
    now: () => now,
    setTimer: (callback, ms) => {
      const timer = { callback, at: now + ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      const index = timers.indexOf(handle as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
    ...overrides,
  });
  const advance = async (ms: number) => {
    now += ms;
    for (const timer of [...timers].filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.callback();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { manager, storages, refresh, logout, advance, timers, getNow: () => now };
};

describe('refresh timing', () => {
  it('refreshes a minute before expiry, or at half-life for short tokens', () => {
    expect(refreshDelayMs({ obtainedAt: 0, expiresAt: 900_000 }, 0)).toBe(840_000);
    expect(refreshDelayMs({ obtainedAt: 0, expiresAt: 30_000 }, 0)).toBe(15_000);
    expect(refreshDelayMs({ obtainedAt: 0, expiresAt: 900_000 }, 899_000)).toBe(0);
    expect(isRefreshDue({ obtainedAt: 0, expiresAt: 900_000 }, 850_000)).toBe(true);
  });
});

describe('SessionManager', () => {
  it('stores the session and refreshes it shortly before expiry', async () => {
    const { manager, storages, refresh, advance } = setup();
    manager.start();
    manager.signIn(tokens('first'), true);
    expect(storages.local.items.has(AUTH_STORAGE_KEY)).toBe(true);

    await advance(839_000);
    expect(refresh).not.toHaveBeenCalled();
    await advance(1_000);
    expect(refresh).toHaveBeenCalledWith('refresh-first');
    expect(manager.getSnapshot()).toMatchObject({ accessToken: 'access-next', remember: true });
    expect(storages.local.items.get(AUTH_STORAGE_KEY)).toContain('access-next');
  });

  it('signs out when the server refuses the refresh', async () => {
    const refused = new ApiError({
      method: 'POST',
      url: '/api/v2/Account/refresh',
      status: 401,
      statusText: 'Unauthorized',
      body: '',
    });
    const { manager, storages, advance } = setup({ refresh: () => Promise.reject(refused) });
    manager.start();
    manager.signIn(tokens('first'), false);
    const listener = vi.fn();
    manager.subscribe(listener);
    await advance(900_000);
    expect(manager.getSnapshot()).toBeNull();
    expect(storages.session.items.size).toBe(0);
    expect(listener).toHaveBeenCalled();
  });

  it('keeps the session and retries when the refresh gets no answer', async () => {
    let calls = 0;
    const { manager, advance } = setup({
      refresh: () => {
        calls += 1;
        return calls === 1
          ? Promise.reject(new NetworkError('POST', '/x', new TypeError('offline')))
          : Promise.resolve(tokens('later'));
      },
    });
    manager.start();
    manager.signIn(tokens('first'), true);
    await advance(840_000);
    expect(manager.getSnapshot()?.accessToken).toBe('access-first');
    await advance(5_000);
    expect(calls).toBe(2);
    expect(manager.getSnapshot()?.accessToken).toBe('access-later');
  });

  it('refreshes once for concurrent requests when the token is due (e.g. after sleep)', async () => {
    const { manager, refresh, advance } = setup();
    manager.signIn(tokens('first'), false);
    await advance(895_000); // not started: no timer fired, like a sleeping laptop
    const [a, b] = await Promise.all([manager.getAccessToken(), manager.getAccessToken()]);
    expect(a).toBe('access-next');
    expect(b).toBe('access-next');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('adopts tokens another tab refreshed instead of reusing a spent refresh token', async () => {
    const { manager, storages, refresh, getNow } = setup();
    manager.signIn(tokens('first'), true);
    const newer = {
      accessToken: 'access-tab2',
      refreshToken: 'refresh-tab2',
      expiresAt: getNow() + 900_000,
      obtainedAt: getNow(),
    };
    storages.local.setItem(AUTH_STORAGE_KEY, JSON.stringify(newer));
    await manager.refreshNow();
    expect(refresh).not.toHaveBeenCalled();
    expect(manager.getSnapshot()?.accessToken).toBe('access-tab2');
  });

  it('follows sign-in and sign-out of other tabs through storage events', () => {
    const { manager } = setup();
    const stored = JSON.stringify({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: 2_000_000,
      obtainedAt: 1_000_000,
    });
    manager.handleStorageChange(AUTH_STORAGE_KEY, stored, true);
    expect(manager.getSnapshot()).toMatchObject({ accessToken: 'a', remember: true });
    manager.handleStorageChange(AUTH_STORAGE_KEY, null, true);
    expect(manager.getSnapshot()).toBeNull();
  });

  it('signs out locally even when the logout call fails', async () => {
    const { manager, storages } = setup({ logout: () => Promise.reject(new Error('down')) });
    manager.signIn(tokens('first'), true);
    await expect(manager.signOut()).resolves.toBeUndefined();
    expect(manager.getSnapshot()).toBeNull();
    expect(storages.local.items.size).toBe(0);
  });

  it('revokes the refresh token on sign-out', async () => {
    const { manager, logout } = setup();
    manager.signIn(tokens('first'), false);
    await manager.signOut();
    expect(logout).toHaveBeenCalledWith('refresh-first');
  });
});
