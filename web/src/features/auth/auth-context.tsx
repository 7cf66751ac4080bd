/**
 * Sign-in state for React: the session (tokens) from the session manager and the profile (roles) from
 * GET UserDetails via SWR, shared through one context.
 */
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useSWRConfig } from 'swr';
import type { Role, TokenResponse, UserProfile } from '@nutri/shared';
import { isApiError } from '../../api/api-error';
import { USER_DETAILS_KEY, useUserDetails } from './api/get-user-details';
import type { AuthSnapshot } from './guard';
import { rolesOf } from './roles';
import { sessionManager } from './session';
import { AUTH_STORAGE_KEY } from './token-storage';

export interface AuthContextValue {
  isSignedIn: boolean;
  /** Guard-ready summary: anonymous, loading (profile), error (profile) or signed in with roles. */
  snapshot: AuthSnapshot;
  profile: UserProfile | undefined;
  roles: readonly Role[];
  hasRole: (role: Role) => boolean;
  reloadProfile: () => Promise<unknown>;
  signIn: (tokens: TokenResponse, remember: boolean) => void;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(
    sessionManager.subscribe,
    sessionManager.getSnapshot,
    sessionManager.getSnapshot,
  );
  const { mutate } = useSWRConfig();

  /** Drops every cached response, so nothing of one user is ever shown to the next. */
  const clearCache = useCallback(() => mutate(() => true, undefined, { revalidate: false }), [mutate]);

  useEffect(() => {
    const stop = sessionManager.start();
    const onStorage = (event: StorageEvent) => {
      let isLocal = false;
      try {
        isLocal = event.storageArea === window.localStorage;
      } catch {
        // No access to localStorage: the event cannot be about the remembered session.
      }
      if (event.key === AUTH_STORAGE_KEY || event.key === null) {
        sessionManager.handleStorageChange(event.key, event.newValue, isLocal);
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') sessionManager.handleVisible();
    };
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  // Signed out (here, in another tab or by a refused refresh): forget the previous user's data.
  const wasSignedIn = useRef(session !== null);
  useEffect(() => {
    if (wasSignedIn.current && session === null) void clearCache();
    wasSignedIn.current = session !== null;
  }, [session, clearCache]);

  const profileQuery = useUserDetails(session !== null, {
    onError: (error: unknown) => {
      // The server no longer accepts this session (user removed, tokens revoked): sign out.
      if (isApiError(error, 401)) void sessionManager.signOut();
    },
  });
  const profile = session ? profileQuery.data : undefined;
  const profileError: unknown = session ? profileQuery.error : undefined;
  const { mutate: reloadProfile } = profileQuery;

  const roles = useMemo(() => rolesOf(profile), [profile]);

  const snapshot = useMemo<AuthSnapshot>(() => {
    if (!session) return { status: 'anonymous' };
    if (profile) return { status: 'signedIn', roles };
    if (profileError) return { status: 'error' };
    return { status: 'loading' };
  }, [session, profile, profileError, roles]);

  const signIn = useCallback(
    (tokens: TokenResponse, remember: boolean) => {
      const switchingUser = sessionManager.getSnapshot() !== null;
      sessionManager.signIn(tokens, remember);
      // Coming from signed out, the profile key turns on and loads by itself; replacing a session (e.g.
      // another account after 'NotInRole') keeps the same key, so the profile is reloaded explicitly.
      void clearCache().then(() => (switchingUser ? mutate(USER_DETAILS_KEY) : undefined));
    },
    [clearCache, mutate],
  );

  const signOut = useCallback(async () => {
    await sessionManager.signOut();
    await clearCache();
  }, [clearCache]);

  const value = useMemo<AuthContextValue>(
    () => ({
      isSignedIn: session !== null,
      snapshot,
      profile,
      roles,
      hasRole: (role: Role) => roles.includes(role),
      reloadProfile: () => reloadProfile(),
      signIn,
      signOut,
    }),
    [session, snapshot, profile, roles, reloadProfile, signIn, signOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export const useAuth = (): AuthContextValue => {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
};
