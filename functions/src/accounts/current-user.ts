import type { SignedInActor } from '../http/actor';
import { unauthorized } from '../http/errors';
import { getUser, type User } from './users-repo';

/** The signed-in user's record; a token whose user no longer exists counts as signed out. */
export const requireActorUser = async (actor: SignedInActor): Promise<User> => {
  const user = await getUser(actor.userId);
  if (!user) throw unauthorized();
  return user;
};
