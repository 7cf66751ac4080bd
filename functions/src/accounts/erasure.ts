/**
 * The accounts area's part of a patient's erasure (docs/product.md#privacy-centre): the check of the
 * password (or typed confirmation) when it is asked, every session ended with its WebSocket connections,
 * then the account emptied (users-repo.ts `eraseUserItems`), its photo, phone code and mail log removed.
 */
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { deletePrefix } from '../platform/files';
import { deleteItems, indexItems, itemByKey } from '../platform/personal-data';
import { closeSessionConnections } from '../platform/session-connections';
import { revokeAllFamilies } from './credentials-repo';
import { verifyPassword } from './password';
import { eraseUserItems, getUser } from './users-repo';

/** Whether the account has a password to confirm with (a Google-only account has none). */
export const accountHasPassword = async (userId: string) => Boolean((await getUser(userId))?.passwordHash);

/** The user's password is right (false when the account has none). */
export const isAccountPassword = async (userId: string, password: string) => {
  const hash = (await getUser(userId))?.passwordHash;
  return Boolean(hash) && (await verifyPassword(password, hash!));
};

/** Revokes every refresh family of the user and drops their open connections; returns how many sessions. */
export const endAllSessions = async (userId: string, at: Date) => {
  const revoked = await revokeAllFamilies(userId, at);
  await closeSessionConnections(userId, new Set(revoked));
  return revoked.length;
};

/** Empties the account; returns the count of items removed or emptied (0 when it was erased already). */
export const eraseAccount = async (userId: string): Promise<number> => {
  const user = await getUser(userId);
  if (!user || (user as { ErasedAt?: string }).ErasedAt) return 0;
  const [phoneCode, mails] = await Promise.all([
    itemByKey(`PHONECODE#${userId}`, 'PHONECODE'),
    indexItems('gsi1', `USER#${userId}#MAILS`),
  ]);
  await eraseUserItems(user, now());
  if (user.ImagePath) await deletePrefix(config().ASSETS_BUCKET, user.ImagePath);
  return 1 + (await deleteItems([...phoneCode, ...mails]));
};
