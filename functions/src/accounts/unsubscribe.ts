/**
 * One-click unsubscribe from every mailing list. Links carry an HMAC of the user id (key derived from the
 * signing secret), so nobody can unsubscribe someone else by changing the id.
 */
import { unsubscribeQuerySchema } from '@nutri/shared';
import { z } from 'zod';
import { AppError, notFound } from '../http/errors';
import { defineOperation, noContent } from '../http/operation';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { deriveKey, hmac, safeEqual } from '../platform/hash';
import { signingMasterKey } from '../platform/tokens';
import { getUser, updateUser } from './users-repo';

const signature = async (userId: string) => hmac(deriveKey(await signingMasterKey(), 'unsubscribe'), userId);

/** The link every marketing or notification mail carries. */
export const unsubscribeUrl = async (userId: string) =>
  `${config().PUBLIC_BASE_URL}/Unsubscribe/${encodeURIComponent(userId)}?signature=${await signature(userId)}`;

export const unsubscribe = defineOperation(
  { path: z.object({ userId: z.string().min(1).max(100) }), query: unsubscribeQuerySchema },
  async ({ path, query }) => {
    if (!safeEqual(query.signature, await signature(path.userId))) {
      throw new AppError('forbidden', 'Link di disiscrizione non valido.');
    }
    const user = await getUser(path.userId);
    if (!user) throw notFound();
    if (!user.MailingOptOut) await updateUser(user, { MailingOptOut: true }, now());
    return noContent();
  },
);
