import type { Actor } from '../http/actor';
import { unauthorized } from '../http/errors';
import { getUser, type User } from './users-repo';

/** The signed-in user's record; a token whose user no longer exists counts as signed out. */
export const requireActorUser = async (actor: Actor | null): Promise<User> => {
  const user = actor ? await getUser(actor.userId) : null;
  if (!user) throw unauthorized();
  return user;
};
