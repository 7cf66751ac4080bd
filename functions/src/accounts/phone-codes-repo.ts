/**
 * Mobile verification codes: item `PHONECODE#<userId>` / `PHONECODE` with the code's hash, the number it
 * was sent to, the attempts made, when it was sent and its expiry (epoch seconds).
 * Access patterns (table key): get (consistent), put (replacing the previous code), count an attempt while
 * under the limit (conditional update), delete.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isExpired, tableName } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';

const phoneCodeKey = (userId: string) => ({ pk: `PHONECODE#${userId}`, sk: 'PHONECODE' });

export interface PhoneCode {
  codeHash: string;
  phone: string;
  attempts: number;
  /** Epoch seconds. */
  sentAt: number;
  /** Epoch seconds. */
  expiresAt: number;
}

// The user's current code; null when there is none or it has expired.
export const getPhoneCode = async (userId: string, at: Date): Promise<PhoneCode | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: phoneCodeKey(userId), ConsistentRead: true }),
  );
  if (!Item || isExpired(Item, at)) return null;
  return {
    codeHash: String(Item.codeHash),
    phone: String(Item.phone),
    attempts: Number(Item.attempts),
    sentAt: Number(Item.sentAt),
    expiresAt: Number(Item.expiresAt),
  };
};

// A new code for the user, replacing the previous one.
export const putPhoneCode = async (userId: string, code: PhoneCode) => {
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...phoneCodeKey(userId), type: 'PhoneCode', ...code } }),
  );
};

// Counts an attempt, only while fewer than `maxAttempts` were made; false when the limit is reached.
export const countPhoneCodeAttempt = (userId: string, maxAttempts: number) =>
  writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: phoneCodeKey(userId),
        UpdateExpression: 'SET attempts = attempts + :one',
        ConditionExpression: 'attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts },
      }),
    ),
  );

export const deletePhoneCode = async (userId: string) => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: phoneCodeKey(userId) }));
};
