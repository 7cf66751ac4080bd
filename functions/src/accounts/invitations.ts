/**
 * Invitations and address confirmations (docs/product.md#nutritionist-accounts, #user-management): a
 * single-use token mailed as a link whose token travels in the URL fragment, so it never reaches a server
 * log; the page posts it in the body. An invitation sets the first password and signs the person in;
 * a confirmation marks a changed address as verified.
 */
import { acceptInvitationSchema, requiredText } from '@nutri/shared';
import * as z from 'zod';
import { AppError } from '../http/errors';
import { defineOperation, noContent } from '../http/operation';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { sendMail } from '../platform/mail';
import {
  consumeOneTimeToken,
  issueOneTimeToken,
  peekOneTimeToken,
  startRefreshFamily,
} from './credentials-repo';
import { confirmEmailMail, invitationMail } from './mails';
import { hashPassword } from './password';
import { assertAcceptablePassword } from './password-policy';
import { issueTokens } from './sessions';
import { getUser, updateUser, type User } from './users-repo';

export const INVITATION_LIFETIME_DAYS = 7;
export const EMAIL_CONFIRMATION_LIFETIME_DAYS = 3;
const DAY_SECONDS = 24 * 3600;

export const INVITATION_INVALID =
  'Il link di invito non è valido, è già stato usato o è scaduto. Chiedi all’amministrazione un nuovo invito.';
export const CONFIRMATION_INVALID = 'Il link di conferma non è valido, è già stato usato o è scaduto.';

/** Mails a new invitation; earlier ones stay valid until used or expired. */
export const sendInvitation = async (user: Pick<User, 'Id' | 'Email' | 'DisplayName'>, at: Date) => {
  const token = await issueOneTimeToken('invitation', user.Id, INVITATION_LIFETIME_DAYS * DAY_SECONDS, at, {
    email: user.Email,
  });
  const url = `${config().PUBLIC_BASE_URL}/Invito#${encodeURIComponent(token)}`;
  await sendMail({ to: user.Email, ...invitationMail(user.DisplayName, url, INVITATION_LIFETIME_DAYS) });
};

/** Mails the confirmation link of an address a UserManager set. */
export const sendEmailConfirmation = async (user: Pick<User, 'Id' | 'Email' | 'DisplayName'>, at: Date) => {
  const token = await issueOneTimeToken(
    'email-change',
    user.Id,
    EMAIL_CONFIRMATION_LIFETIME_DAYS * DAY_SECONDS,
    at,
    { email: user.Email.toLowerCase() },
  );
  const url = `${config().PUBLIC_BASE_URL}/ConfermaEmail#${encodeURIComponent(token)}`;
  await sendMail({ to: user.Email, ...confirmEmailMail(user.DisplayName, url) });
};

const tokenSchema = requiredText(200);

export const acceptInvitation = defineOperation(
  'public',
  { body: acceptInvitationSchema },
  async ({ body }) => {
    const at = now();
    const pending = await peekOneTimeToken('invitation', body.Token, at);
    const user = pending ? await getUser(pending.userId) : null;
    if (!pending || !user || pending.data.email !== user.Email)
      throw new AppError('bad_request', INVITATION_INVALID);
    await assertAcceptablePassword(body.Password, 'Password');
    // Consuming is the single-use guarantee: of two concurrent uses of one link, one wins.
    if (!(await consumeOneTimeToken('invitation', body.Token, at)))
      throw new AppError('bad_request', INVITATION_INVALID);
    const updated = await updateUser(
      user,
      { passwordHash: await hashPassword(body.Password), emailVerified: true },
      at,
    );
    const { token, family } = await startRefreshFamily(updated.Id, false, at);
    return issueTokens(updated, family, token);
  },
);

export const confirmEmail = defineOperation(
  'public',
  { body: z.strictObject({ Token: tokenSchema }) },
  async ({ body }) => {
    const at = now();
    const consumed = await consumeOneTimeToken('email-change', body.Token, at);
    const user = consumed ? await getUser(consumed.userId) : null;
    // A link sent to an address the account no longer has confirms nothing.
    if (!consumed || !user || consumed.data.email !== user.Email.toLowerCase())
      throw new AppError('bad_request', CONFIRMATION_INVALID);
    if (!user.emailVerified) await updateUser(user, { emailVerified: true }, at);
    return noContent();
  },
);
