/**
 * The route guard's decision, as a pure function (docs/product.md#screens: unauthenticated users go to /Login with
 * ReturnUrl, reason and ApplicationId; each route may list allowed roles).
 */
import type { LoginReason, Role } from '@nutri/shared';
import { APPLICATION_ID } from '../../lib/shared-values';
import { paths } from '../../paths';

/** Who may open a route: anyone, any signed-in user, or signed-in users holding one of the roles. */
export type RouteAccess = 'public' | 'signedIn' | readonly Role[];

export type AuthSnapshot =
  | { status: 'anonymous' }
  /** Signed in, profile (and so roles) still loading. */
  | { status: 'loading' }
  /** Signed in, profile could not be loaded. */
  | { status: 'error' }
  | { status: 'signedIn'; roles: readonly Role[] };

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'wait' }
  | { type: 'error' }
  | { type: 'redirect'; to: string; reason: LoginReason };

export interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

export const loginRedirect = (location: LocationLike, reason: LoginReason) =>
  paths.login({
    ReturnUrl: `${location.pathname}${location.search}${location.hash}`,
    reason,
    ApplicationId: APPLICATION_ID,
  });

export const decideAccess = (
  access: RouteAccess,
  auth: AuthSnapshot,
  location: LocationLike,
): GuardDecision => {
  if (access === 'public') return { type: 'allow' };
  if (auth.status === 'anonymous') {
    return { type: 'redirect', reason: 'NotAuthenticated', to: loginRedirect(location, 'NotAuthenticated') };
  }
  if (access === 'signedIn') return { type: 'allow' };
  if (auth.status === 'loading') return { type: 'wait' };
  if (auth.status === 'error') return { type: 'error' };
  if (access.length === 0 || access.some((role) => auth.roles.includes(role))) return { type: 'allow' };
  // One required role reads 'NotInRole'; a list of alternatives the user holds none of reads 'NotInAnyRole'.
  const reason: LoginReason = access.length === 1 ? 'NotInRole' : 'NotInAnyRole';
  return { type: 'redirect', reason, to: loginRedirect(location, reason) };
};

/** Which home `/` shows (docs/product.md#roles: patient, nutritionist, or the public marketing page). */
export type HomeKind = 'patient' | 'nutritionist' | 'public' | 'wait';

export const homeKindFor = (auth: AuthSnapshot): HomeKind => {
  if (auth.status === 'loading') return 'wait';
  if (auth.status !== 'signedIn') return 'public';
  if (auth.roles.includes('Patient')) return 'patient';
  if (auth.roles.includes('Nutritionist')) return 'nutritionist';
  return 'public';
};
