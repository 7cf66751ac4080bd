/**
 * The session outside React: holds the tokens, persists them (token-storage), refreshes the access token
 * shortly before it expires and signs out when the server refuses a refresh. React reads it through
 * `useSyncExternalStore` (auth-context); the API client asks it for a fresh token before each request.
 *
 * Several tabs share a remembered session (localStorage). Refresh tokens rotate, so only one tab may
 * refresh at a time: refreshes run under a Web Lock and first look whether another tab already stored
 * newer tokens; a `storage` event brings other tabs' refreshes and sign-outs into this one.
 */
import type { TokenResponse } from '@nutri/shared';
import { NetworkError } from '../../api/api-error';
import { isRefreshDue, networkRetryDelayMs, refreshDelayMs } from './session-timing';
import {
  AUTH_STORAGE_KEY,
  clearSession,
  parseStoredSession,
  readSession,
  sessionFromTokens,
  writeSession,
  type SessionStorages,
  type StoredSession,
} from './token-storage';

const REFRESH_LOCK = 'nutri.auth.refresh';
/** setTimeout's largest delay (about 24.8 days); longer delays would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SessionManagerDeps {
  storages: SessionStorages;
  refresh: (refreshToken: string) => Promise<TokenResponse>;
  logout: (refreshToken: string) => Promise<void>;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Web Locks, to keep tabs from refreshing the same rotating token at once; null where unsupported. */
  locks?: Pick<LockManager, 'request'> | null;
}

export class SessionManager {
  private current: StoredSession | null;
  private readonly listeners = new Set<() => void>();
  private refreshing: Promise<StoredSession | null> | null = null;
  private timer: unknown = null;
  private networkFailures = 0;
  private started = false;
  private readonly deps: Required<Omit<SessionManagerDeps, 'locks'>> & { locks: SessionManagerDeps['locks'] };

  constructor(deps: SessionManagerDeps) {
    this.deps = {
      now: () => Date.now(),
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...deps,
      locks: deps.locks ?? null,
    };
    this.current = readSession(deps.storages);
  }

  /** Current session (same object until it changes, as useSyncExternalStore needs). */
  readonly getSnapshot = (): StoredSession | null => this.current;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts the refresh timer; returns the function that stops it. */
  start(): () => void {
    this.started = true;
    this.schedule();
    return () => {
      this.started = false;
      this.cancelTimer();
    };
  }

  signIn(tokens: TokenResponse, remember: boolean): StoredSession {
    const session = sessionFromTokens(tokens, remember, this.deps.now());
    this.networkFailures = 0;
    this.set(session, true);
    return session;
  }

  /** Ends the session here and revokes the refresh token on the server (its failure is ignored). */
  async signOut(): Promise<void> {
    const session = this.current;
    this.set(null, true);
    if (!session) return;
    try {
      await this.deps.logout(session.refreshToken);
    } catch {
      // The local session is gone either way; the refresh token expires on its own.
    }
  }

  /** The access token to send now, refreshed first when it is due (e.g. after the computer slept). */
  readonly getAccessToken = async (): Promise<string | null> => {
    const session = this.current;
    if (!session) return null;
    if (!isRefreshDue(session, this.deps.now())) return session.accessToken;
    const refreshed = await this.refreshNow();
    return refreshed?.accessToken ?? null;
  };

  /** Refreshes once even when asked from several places at the same time. */
  refreshNow(): Promise<StoredSession | null> {
    this.refreshing ??= this.refreshUnderLock().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Brings in a change another tab made to the remembered session (`storage` event). */
  handleStorageChange(key: string | null, newValue: string | null, isLocalStorage: boolean): void {
    if (!isLocalStorage || (key !== AUTH_STORAGE_KEY && key !== null)) return;
    if (this.current && !this.current.remember) return; // this tab has its own, session-only sign-in
    const next = parseStoredSession(newValue, true);
    if (next?.refreshToken === this.current?.refreshToken && next?.accessToken === this.current?.accessToken)
      return;
    this.set(next, false);
  }

  /** When the tab comes back (or the computer wakes up), refresh if the timer could not fire in time. */
  handleVisible(): void {
    const session = this.current;
    if (session && isRefreshDue(session, this.deps.now())) void this.refreshNow();
  }

  private async refreshUnderLock(): Promise<StoredSession | null> {
    const run = () => this.refreshOnce();
    if (!this.deps.locks) return run();
    return this.deps.locks.request(REFRESH_LOCK, run);
  }

  private async refreshOnce(): Promise<StoredSession | null> {
    const session = this.current;
    if (!session) return null;
    const adopted = this.adoptNewerStored(session);
    if (adopted && !isRefreshDue(adopted, this.deps.now())) return adopted;
    const using = adopted ?? session;

    let tokens: TokenResponse;
    try {
      tokens = await this.deps.refresh(using.refreshToken);
    } catch (error) {
      if (this.current?.refreshToken !== using.refreshToken) return this.current; // signed out or replaced meanwhile
      if (error instanceof NetworkError) {
        // No answer from the server is not a refusal: keep the session and try again shortly.
        this.scheduleIn(networkRetryDelayMs(this.networkFailures));
        this.networkFailures += 1;
        return using;
      }
      const rotatedElsewhere = this.adoptNewerStored(using);
      if (rotatedElsewhere) return rotatedElsewhere;
      // The server refused the refresh token: the session is over (spec: a failed refresh signs out).
      this.set(null, true);
      return null;
    }
    if (this.current?.refreshToken !== using.refreshToken) return this.current;
    this.networkFailures = 0;
    const next = sessionFromTokens(tokens, using.remember, this.deps.now());
    this.set(next, true);
    return next;
  }

  /** Another tab may have refreshed the shared session: use its tokens rather than a spent refresh token. */
  private adoptNewerStored(session: StoredSession): StoredSession | null {
    const stored = readSession(this.deps.storages);
    if (!stored || stored.refreshToken === session.refreshToken || stored.remember !== session.remember)
      return null;
    this.set(stored, false);
    return stored;
  }

  private set(session: StoredSession | null, persist: boolean): void {
    this.current = session;
    if (persist) {
      if (session) writeSession(this.deps.storages, session);
      else clearSession(this.deps.storages);
    }
    this.schedule();
    for (const listener of this.listeners) listener();
  }

  private schedule(): void {
    const session = this.current;
    if (!session) {
      this.cancelTimer();
      return;
    }
    this.scheduleIn(refreshDelayMs(session, this.deps.now()));
  }

  private scheduleIn(ms: number): void {
    this.cancelTimer();
    if (!this.started) return;
    this.timer = this.deps.setTimer(
      () => {
        this.timer = null;
        void this.refreshNow();
      },
      Math.min(ms, MAX_TIMER_MS),
    );
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }
}
