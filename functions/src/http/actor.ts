/** The caller's identity, carried in one typed value through every operation. */
import type { Role } from '@nutri/shared';
import type { Access } from '../routes';
import { forbidden, unauthorized } from './errors';

export interface Actor {
  userId: string;
  roles: readonly Role[];
  /** Refresh-token family of the session, when the access token names it. */
  family?: string;
}

declare const admittedAs: unique symbol;

/**
 * An actor a route's access rule has admitted: signed in, holding one of the roles `R` (any role for a
 * `signedIn` rule). The mark exists only for the type checker: a function that takes a
 * `SignedInActor<'Patient'>` can only be given the actor of a patients' route.
 */
export type SignedInActor<R extends Role = Role> = Actor & { readonly [admittedAs]: R };

/** The actor an operation written for an access rule receives. */
export type ActorFor<A extends Access> = A extends 'public'
  ? Actor | null
  : A extends 'signedIn'
    ? SignedInActor
    : A extends readonly (infer R extends Role)[]
      ? SignedInActor<R>
      : never;

export const hasRole = (actor: Actor | null, role: Role) => actor?.roles.includes(role) ?? false;

/** Enforces a route's access rule: 401 without a valid token, 403 without one of the roles. */
export const authorize = (access: Access, actor: Actor | null): void => {
  if (access === 'public') return;
  if (!actor) throw unauthorized();
  if (access === 'signedIn') return;
  if (!access.some((role) => actor.roles.includes(role))) throw forbidden();
};

/**
 * Whether every caller `route` admits is also admitted by `operation`: anyone passes a public operation,
 * any signed-in rule passes a `signedIn` one, and a roles rule passes another only with a subset of its roles.
 */
export const accessAdmits = (operation: Access, route: Access): boolean => {
  if (operation === 'public') return true;
  if (route === 'public') return false;
  if (operation === 'signedIn') return true;
  if (route === 'signedIn') return false;
  return route.every((role) => operation.includes(role));
};
