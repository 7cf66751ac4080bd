/**
 * Leaving our optional mails (reminders, chat notifications; see docs/decisions/0014-optional-mails.md).
 * Links carry an HMAC of the user id (key derived from the signing secret), so nobody can unsubscribe
 * someone else by changing the id; the signature says nothing else about the user and never expires (a
 * mail read months later must still let its reader out).
 *
 * `POST Patients/Unsubscribe/{userId}?signature=` is both the page's call and the RFC 8058 one-click
 * target mail clients POST to from the `List-Unsubscribe` header, without any session: its body
 * (`List-Unsubscribe=One-Click`, form-encoded) is read raw and ignored.
 */
import { API_BASE_PATH, unsubscribeQuerySchema } from '@nutri/shared';
import * as z from 'zod';
import { AppError, notFound } from '../http/errors';
import { defineOperation, noContent } from '../http/operation';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { deriveKey, hmac, safeEqual } from '../platform/hash';
import type { UnsubscribeLinks } from '../platform/mail-layout';
import { signingMasterKey } from '../platform/tokens';
import { getUser, updateUser, type User } from './users-repo';

const signature = async (userId: string) => hmac(deriveKey(await signingMasterKey(), 'unsubscribe'), userId);

/** The unsubscribe page (for the mail's footer link) and the one-click API target (for its headers). */
export const unsubscribeLinks = async (userId: string): Promise<UnsubscribeLinks> => {
  const base = config().PUBLIC_BASE_URL;
  const query = `?signature=${await signature(userId)}`;
  const id = encodeURIComponent(userId);
  return {
    pageUrl: `${base}/Unsubscribe/${id}${query}`,
    oneClickUrl: `${base}${API_BASE_PATH}/Patients/Unsubscribe/${id}${query}`,
  };
};

/** The page link alone (tests and support). */
export const unsubscribeUrl = async (userId: string) => (await unsubscribeLinks(userId)).pageUrl;

/**
 * The links an optional mail to this user carries, or null when the user must not get it: no address (a
 * deleted account) or unsubscribed. Every optional mail is sent only through this check.
 */
export const optionalMailLinks = async (
  user: Pick<User, 'Id' | 'Email' | 'MailingOptOut'> | null,
): Promise<UnsubscribeLinks | null> =>
  user?.Email && !user.MailingOptOut ? unsubscribeLinks(user.Id) : null;

export const unsubscribe = defineOperation(
  'public',
  { path: z.object({ userId: z.string().min(1).max(100) }), query: unsubscribeQuerySchema },
  async ({ path, query }) => {
    if (!safeEqual(query.signature, await signature(path.userId))) {
      throw new AppError('forbidden', 'Link di disiscrizione non valido.');
    }
    await optOutOfMails(path.userId);
    return noContent();
  },
);

/** Turns the optional mails off, recording when (the privacy centre shows the date); twice changes nothing. */
export const optOutOfMails = async (userId: string) => {
  const user = await getUser(userId);
  if (!user) throw notFound();
  if (user.MailingOptOut) return;
  const at = now();
  await updateUser(user, { MailingOptOut: true, MailingOptOutAt: at.toISOString() }, at);
};
