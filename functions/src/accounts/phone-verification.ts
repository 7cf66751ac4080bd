/**
 * Mobile number verification: a 6-digit code sent by SMS, valid 10 minutes, 5 attempts, a new code at
 * most once a minute. The code is stored hashed (phone-codes-repo.ts).
 */
import { randomInt } from 'node:crypto';
import { mobilePhoneNoSchema } from '@nutri/shared';
import * as z from 'zod';
import { AppError, tooManyRequests } from '../http/errors';
import { defineOperation, noContent } from '../http/operation';
import { now } from '../platform/clock';
import { toEpochSeconds } from '../platform/db/client';
import { safeEqual, sha256 } from '../platform/hash';
import { sendSms } from '../platform/sms';
import { requireActorUser } from './current-user';
import { phoneCodeSms } from './mails';
import { countPhoneCodeAttempt, deletePhoneCode, getPhoneCode, putPhoneCode } from './phone-codes-repo';
import { toUserProfile } from './profile-view';
import { updateUser } from './users-repo';

export const PHONE_CODE = { lifetimeSeconds: 600, maxAttempts: 5, resendAfterSeconds: 60 } as const;
const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

export const requestMobileVerificationCode = defineOperation(
  'signedIn',
  { body: z.strictObject({ MobilePhoneNo: mobilePhoneNoSchema }) },
  async ({ body, actor }) => {
    const user = await requireActorUser(actor);
    const at = now();
    const previous = await getPhoneCode(user.Id, at);
    const wait = previous ? previous.sentAt + PHONE_CODE.resendAfterSeconds - toEpochSeconds(at) : 0;
    if (previous && wait > 0) {
      throw tooManyRequests(wait, `Attendi ${wait} secondi prima di richiedere un nuovo codice.`);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await putPhoneCode(user.Id, {
      codeHash: codeHash(user.Id, code),
      phone: body.MobilePhoneNo,
      attempts: 0,
      sentAt: toEpochSeconds(at),
      expiresAt: toEpochSeconds(at) + PHONE_CODE.lifetimeSeconds,
    });
    await sendSms(body.MobilePhoneNo, phoneCodeSms(code));
    return noContent();
  },
);

const CODE_INVALID = 'Codice non valido.';

export const verifyPhoneNo = defineOperation(
  'signedIn',
  {
    body: z.strictObject({
      Code: z.string().regex(/^\d{6}$/, { error: 'Il codice è composto da 6 cifre.' }),
    }),
  },
  async ({ body, actor }) => {
    const user = await requireActorUser(actor);
    const at = now();
    const stored = await getPhoneCode(user.Id, at);
    if (!stored) {
      throw new AppError('bad_request', 'Codice scaduto o non richiesto: richiedine uno nuovo.');
    }
    // Count the attempt before comparing, conditionally, so parallel guesses cannot exceed the limit.
    if (!(await countPhoneCodeAttempt(user.Id, PHONE_CODE.maxAttempts))) {
      await deletePhoneCode(user.Id);
      throw new AppError('too_many_requests', 'Troppi tentativi: richiedi un nuovo codice.');
    }
    if (!safeEqual(codeHash(user.Id, body.Code), stored.codeHash)) {
      const left = PHONE_CODE.maxAttempts - stored.attempts - 1;
      throw new AppError('validation_failed', CODE_INVALID, {
        errors: {
          Code: [
            left > 0
              ? `${CODE_INVALID} Tentativi rimasti: ${left}.`
              : 'Troppi tentativi: richiedi un nuovo codice.',
          ],
        },
      });
    }
    await deletePhoneCode(user.Id);
    const updated = await updateUser(user, { MobilePhoneNo: stored.phone, MobilePhoneVerified: true }, at);
    return toUserProfile(updated);
  },
);
