/**
 * Mobile number verification: a 6-digit code sent by SMS, valid 10 minutes, 5 attempts, a new code at
 * most once a minute. Item `PHONECODE#<userId>` / `PHONECODE` (the code stored hashed).
 */
import { randomInt } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mobilePhoneNoSchema } from '@nutri/shared';
import * as z from 'zod';
import { AppError, tooManyRequests } from '../http/errors';
import { defineOperation, noContent } from '../http/operation';
import { now } from '../platform/clock';
import { db, isExpired, tableName, toEpochSeconds } from '../platform/db/client';
import { safeEqual, sha256 } from '../platform/hash';
import { sendSms } from '../platform/sms';
import { requireActorUser } from './current-user';
import { phoneCodeSms } from './mails';
import { toUserProfile } from './profile-view';
import { updateUser } from './users-repo';

export const PHONE_CODE = { lifetimeSeconds: 600, maxAttempts: 5, resendAfterSeconds: 60 } as const;
const key = (userId: string) => ({ pk: `PHONECODE#${userId}`, sk: 'PHONECODE' });
const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

export const requestMobileVerificationCode = defineOperation(
  'signedIn',
  { body: z.strictObject({ MobilePhoneNo: mobilePhoneNoSchema }) },
  async ({ body, actor }) => {
    const user = await requireActorUser(actor);
    const at = now();
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: key(user.Id), ConsistentRead: true }),
    );
    const wait = Item ? Number(Item.sentAt) + PHONE_CODE.resendAfterSeconds - toEpochSeconds(at) : 0;
    if (Item && !isExpired(Item, at) && wait > 0) {
      throw tooManyRequests(wait, `Attendi ${wait} secondi prima di richiedere un nuovo codice.`);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key(user.Id),
          type: 'PhoneCode',
          codeHash: codeHash(user.Id, code),
          phone: body.MobilePhoneNo,
          attempts: 0,
          sentAt: toEpochSeconds(at),
          expiresAt: toEpochSeconds(at) + PHONE_CODE.lifetimeSeconds,
        },
      }),
    );
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
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: key(user.Id), ConsistentRead: true }),
    );
    if (!Item || isExpired(Item, at)) {
      throw new AppError('bad_request', 'Codice scaduto o non richiesto: richiedine uno nuovo.');
    }
    // Count the attempt before comparing, conditionally, so parallel guesses cannot exceed the limit.
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(user.Id),
          UpdateExpression: 'SET attempts = attempts + :one',
          ConditionExpression: 'attempts < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': PHONE_CODE.maxAttempts },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        await db().send(new DeleteCommand({ TableName: tableName(), Key: key(user.Id) }));
        throw new AppError('too_many_requests', 'Troppi tentativi: richiedi un nuovo codice.');
      }
      throw error;
    }
    if (!safeEqual(codeHash(user.Id, body.Code), String(Item.codeHash))) {
      const left = PHONE_CODE.maxAttempts - Number(Item.attempts) - 1;
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
    await db().send(new DeleteCommand({ TableName: tableName(), Key: key(user.Id) }));
    const updated = await updateUser(
      user,
      { MobilePhoneNo: String(Item.phone), MobilePhoneVerified: true },
      at,
    );
    return toUserProfile(updated);
  },
);
