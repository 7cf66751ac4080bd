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

export const hasRole = (actor: Actor | null, role: Role) => actor?.roles.includes(role) ?? false;

/** Enforces a route's access rule: 401 without a valid token, 403 without one of the roles. */
export const authorize = (access: Access, actor: Actor | null): void => {
  if (access === 'public') return;
  if (!actor) throw unauthorized();
  if (access === 'signedIn') return;
  if (!access.some((role) => actor.roles.includes(role))) throw forbidden();
};
