/**
 * Password and e-mail flows: TryResetPassword (always the same answer), ResetPassword (single-use,
 * 1-hour token), ChangePassword and ChangeEmail (current password required). Changing or resetting the
 * password ends every other session.
 */
import {
  changeEmailSchema,
  changePasswordSchema,
  resetPasswordSchema,
  tryResetPasswordSchema,
} from '@nutri/shared';
import { AppError, tooManyRequests } from '../http/errors';
import { defineOperation, noContent } from '../http/operation';
import { requireActorUser } from './current-user';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { logger } from '../platform/logger';
import { sendMail } from '../platform/mail';
import { blockedForSeconds, recordFailure, type ThrottleRule } from '../platform/throttle';
import { consumeOneTimeToken, issueOneTimeToken, peekOneTimeToken } from './credentials-repo';
import { emailChangedConfirmationMail, emailChangedNoticeMail, passwordResetMail } from './mails';
import { assertAcceptablePassword } from './password-policy';
import { hashPassword, verifyPassword } from './password';
import { endOtherSessions } from './session-state';
import { toUserProfile } from './profile-view';
import { changeUserEmail, findUserByLogin, updateUser, type User } from './users-repo';

export const RESET_TOKEN_LIFETIME_SECONDS = 3600;
const RESET_MAIL_RULE: ThrottleRule = { scope: 'RESET-MAIL', limit: 5, windowSeconds: 3600 };
/**
 * Wrong current passwords per signed-in user (ChangePassword, ChangeEmail). Only the session's holder can
 * count here, so blocking cannot be used against the owner by someone without the session.
 */
const CURRENT_PASSWORD_RULE: ThrottleRule = { scope: 'CURRENT-PASSWORD', limit: 10, windowSeconds: 15 * 60 };
/** TryResetPassword takes at least this long whether or not the account exists (no timing oracle). */
const TRY_RESET_MIN_MS = 400;
export const RESET_LINK_INVALID =
  'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.';
export const WRONG_CURRENT_PASSWORD = 'La password attuale non è corretta.';

/** Issues a single-use reset token and mails its link (also sent by a UserManager from /Users/EditUser). */
export const sendPasswordResetMail = async (user: User, at: Date) => {
  const token = await issueOneTimeToken('password-reset', user.Id, RESET_TOKEN_LIFETIME_SECONDS, at);
  const url = `${config().PUBLIC_BASE_URL}/ResetPassword?Username=${encodeURIComponent(user.UserName)}&Token=${encodeURIComponent(token)}`;
  await sendMail({ to: user.Email, ...passwordResetMail(user.DisplayName, url) });
};

export const tryResetPassword = defineOperation(
  'public',
  { body: tryResetPasswordSchema },
  async ({ body }) => {
    const started = Date.now();
    const at = now();
    const user = await findUserByLogin(body.Email);
    // The per-account cap stops the flow being used to flood someone's inbox; it is silent, like the rest.
    if (user && (await blockedForSeconds(RESET_MAIL_RULE, user.Id, at)) === 0) {
      await recordFailure(RESET_MAIL_RULE, user.Id, at);
      await sendPasswordResetMail(user, at);
    }
    const elapsed = Date.now() - started;
    if (elapsed < TRY_RESET_MIN_MS)
      await new Promise((resolve) => setTimeout(resolve, TRY_RESET_MIN_MS - elapsed));
    return noContent();
  },
);

export const resetPassword = defineOperation('public', { body: resetPasswordSchema }, async ({ body }) => {
  const at = now();
  await assertAcceptablePassword(body.password, 'password');
  const pending = await peekOneTimeToken('password-reset', body.token, at);
  const user = pending ? await findUserByLogin(body.username) : null;
  if (!pending || !user || user.Id !== pending.userId) throw new AppError('bad_request', RESET_LINK_INVALID);
  // Consuming is the single-use guarantee: of two concurrent resets with one token, one wins.
  if (!(await consumeOneTimeToken('password-reset', body.token, at)))
    throw new AppError('bad_request', RESET_LINK_INVALID);
  await updateUser(user, { passwordHash: await hashPassword(body.password) }, at);
  await endOtherSessions(user.Id, at);
  logger.info('Password reset', { userId: user.Id });
  return noContent();
});

const assertCurrentPassword = async (
  userId: string,
  passwordHash: string | null,
  password: string,
  field: string,
) => {
  const at = now();
  const wait = await blockedForSeconds(CURRENT_PASSWORD_RULE, userId, at);
  if (wait > 0) throw tooManyRequests(wait);
  if (!passwordHash || !(await verifyPassword(password, passwordHash))) {
    await recordFailure(CURRENT_PASSWORD_RULE, userId, at);
    throw new AppError('validation_failed', WRONG_CURRENT_PASSWORD, {
      errors: { [field]: [WRONG_CURRENT_PASSWORD] },
    });
  }
};

export const changePassword = defineOperation(
  'signedIn',
  { body: changePasswordSchema },
  async ({ body, actor }) => {
    const user = await requireActorUser(actor);
    await assertCurrentPassword(user.Id, user.passwordHash, body.oldPassword, 'oldPassword');
    await assertAcceptablePassword(body.newPassword, 'newPassword');
    const at = now();
    await updateUser(user, { passwordHash: await hashPassword(body.newPassword) }, at);
    await endOtherSessions(user.Id, at, actor.family);
    return noContent();
  },
);

export const changeEmail = defineOperation(
  'signedIn',
  { body: changeEmailSchema },
  async ({ body, actor }) => {
    const user = await requireActorUser(actor);
    await assertCurrentPassword(user.Id, user.passwordHash, body.password, 'password');
    const newEmail = body.newEmail.toLowerCase();
    if (newEmail === user.Email.toLowerCase()) {
      throw new AppError('validation_failed', 'È già il tuo indirizzo e-mail.', {
        errors: { newEmail: ['È già il tuo indirizzo e-mail.'] },
      });
    }
    const updated = await changeUserEmail(user, newEmail, now());
    const supportUrl = `${config().PUBLIC_BASE_URL}/ContactUs`;
    await sendMail({ to: user.Email, ...emailChangedNoticeMail(user.DisplayName, newEmail, supportUrl) });
    await sendMail({ to: newEmail, ...emailChangedConfirmationMail(user.DisplayName) });
    return toUserProfile(updated);
  },
);
