/**
 * Failure counters for throttling (login attempts per account and per IP). Item `THROTTLE#<scope>#<key>`:
 * a window opens at the first failure and lasts `windowSeconds`; at `limit` failures inside the window
 * the caller is refused with 429 until it closes. Items carry expiresAt; readers ignore closed windows.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, toEpochSeconds } from './db/client';
import { sha256 } from './hash';

export interface ThrottleRule {
  scope: string;
  limit: number;
  windowSeconds: number;
}

// Keys may be e-mails or IPs: store them hashed, never in clear.
const key = (rule: ThrottleRule, subject: string) => ({
  pk: `THROTTLE#${rule.scope}#${sha256(subject)}`,
  sk: 'THROTTLE',
});

/** Seconds until the caller may try again, or 0 when not blocked. */
export const blockedForSeconds = async (rule: ThrottleRule, subject: string, now: Date): Promise<number> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: key(rule, subject), ConsistentRead: true }),
  );
  if (!Item) return 0;
  const windowEnd = Number(Item.windowStart) + rule.windowSeconds;
  const nowSeconds = toEpochSeconds(now);
  if (windowEnd <= nowSeconds || Number(Item.failures) < rule.limit) return 0;
  return windowEnd - nowSeconds;
};

/** Counts one failure: inside an open window it increments, otherwise it opens a new window. */
export const recordFailure = async (rule: ThrottleRule, subject: string, now: Date) => {
  const nowSeconds = toEpochSeconds(now);
  const cutoff = nowSeconds - rule.windowSeconds;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(rule, subject),
        UpdateExpression: 'SET failures = failures + :one',
        ConditionExpression: 'windowStart > :cutoff',
        ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(rule, subject),
        UpdateExpression: 'SET failures = :one, windowStart = :now, expiresAt = :expires',
        ExpressionAttributeValues: {
          ':one': 1,
          ':now': nowSeconds,
          ':expires': nowSeconds + rule.windowSeconds,
        },
      }),
    );
  }
};

export const clearFailures = async (rule: ThrottleRule, subject: string) => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key(rule, subject) }));
};
