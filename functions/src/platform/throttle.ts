/**
 * Counters for throttling: failures (login attempts per account and per IP) and allowances (requests per
 * IP or user: public forms, upload slots). Item `THROTTLE#<scope>#<key>`: a window opens at the first count
 * and lasts `windowSeconds`; at `limit` counts inside the window the caller is refused with 429 until it
 * closes. Items carry expiresAt; readers ignore closed windows.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, toEpochSeconds } from './db/client';
import { writtenIfConditionHolds } from './db/conditional';
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

const MAX_ATTEMPTS = 5;

/**
 * Counts one, atomically: increments inside an open window (only while under `below`, when given), or opens
 * a new window at 1 when there is none or it has closed. Exact under concurrency: two callers never both
 * open a window (the opening is conditional too) and, with `below`, never both take the last unit.
 * Returns false only when `below` stopped it.
 */
const count = async (rule: ThrottleRule, subject: string, now: Date, below?: number) => {
  const nowSeconds = toEpochSeconds(now);
  const cutoff = nowSeconds - rule.windowSeconds;
  for (let attempt = 1; ; attempt += 1) {
    const incremented = await writtenIfConditionHolds(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(rule, subject),
          UpdateExpression: 'SET failures = failures + :one',
          ConditionExpression:
            below === undefined ? 'windowStart > :cutoff' : 'windowStart > :cutoff AND failures < :below',
          ExpressionAttributeValues: {
            ':one': 1,
            ':cutoff': cutoff,
            ...(below === undefined ? {} : { ':below': below }),
          },
        }),
      ),
    );
    if (incremented) return true;
    const opened = await writtenIfConditionHolds(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(rule, subject),
          UpdateExpression: 'SET failures = :one, windowStart = :now, expiresAt = :expires',
          ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :cutoff',
          ExpressionAttributeValues: {
            ':one': 1,
            ':now': nowSeconds,
            ':cutoff': cutoff,
            ':expires': nowSeconds + rule.windowSeconds,
          },
        }),
      ),
    );
    if (opened) return true;
    // The window is open: either full (with `below`), or someone opened it between our two writes.
    if (below !== undefined && (await blockedForSeconds(rule, subject, now)) > 0) return false;
    // Never reached in practice; an allowance then refuses rather than admit uncounted.
    if (attempt >= MAX_ATTEMPTS) return below === undefined;
  }
};

/** Counts one failure: inside an open window it increments, otherwise it opens a new window. */
export const recordFailure = async (rule: ThrottleRule, subject: string, now: Date) => {
  await count(rule, subject, now);
};

/**
 * Takes one unit of the window's allowance (`limit` per window), atomically: 0 when taken, otherwise the
 * seconds until the window closes. Of N concurrent callers with one unit left, exactly one gets it.
 */
export const takeAllowance = async (rule: ThrottleRule, subject: string, now: Date): Promise<number> => {
  if (await count(rule, subject, now, rule.limit)) return 0;
  return Math.max(1, await blockedForSeconds(rule, subject, now));
};

export const clearFailures = async (rule: ThrottleRule, subject: string) => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key(rule, subject) }));
};
