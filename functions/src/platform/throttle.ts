/**
 * Counters for throttling: failures (login attempts per account and client, per IP) and allowances
 * (requests per IP or user: public forms, registrations, upload slots). Item `THROTTLE#<scope>#<key>`: a
 * window opens at the first count and lasts `windowSeconds`; at `limit` counts inside the window the
 * caller is refused with 429 until it closes, or, for a backoff rule, must wait a delay that doubles with
 * each further failure (counted from the last one, `lastAt`). Items carry expiresAt; readers ignore closed
 * windows.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, toEpochSeconds } from './db/client';
import { unlessConditionFails, writtenIfConditionHolds } from './db/conditional';
import { sha256 } from './hash';

export interface ThrottleRule {
  scope: string;
  limit: number;
  windowSeconds: number;
}

/** Failures up to `limit` are free; from then on each waits `firstDelaySeconds`, doubled per failure. */
export interface BackoffRule extends ThrottleRule {
  firstDelaySeconds: number;
  maxDelaySeconds: number;
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

/**
 * Seconds until a backoff rule lets the caller try again: 0 up to `limit` failures in the window, then
 * `firstDelaySeconds` after the last failure, doubled with each further one, at most `maxDelaySeconds`.
 */
export const backoffSeconds = async (rule: BackoffRule, subject: string, now: Date): Promise<number> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: key(rule, subject), ConsistentRead: true }),
  );
  if (!Item) return 0;
  const nowSeconds = toEpochSeconds(now);
  const failures = Number(Item.failures);
  if (Number(Item.windowStart) + rule.windowSeconds <= nowSeconds || failures < rule.limit) return 0;
  const delay = Math.min(rule.firstDelaySeconds * 2 ** (failures - rule.limit), rule.maxDelaySeconds);
  return Math.max(0, Number(Item.lastAt ?? Item.windowStart) + delay - nowSeconds);
};

const MAX_ATTEMPTS = 5;

/**
 * Counts one, atomically: increments inside an open window (only while under `below`, when given), or opens
 * a new window at 1 when there is none or it has closed. Exact under concurrency: two callers never both
 * open a window (the opening is conditional too) and, with `below`, never both take the last unit.
 * Returns the window's count including this one, or 0 only when `below` stopped it.
 */
const count = async (rule: ThrottleRule, subject: string, now: Date, below?: number): Promise<number> => {
  const nowSeconds = toEpochSeconds(now);
  const cutoff = nowSeconds - rule.windowSeconds;
  for (let attempt = 1; ; attempt += 1) {
    const incremented = await unlessConditionFails(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(rule, subject),
          UpdateExpression: 'SET failures = failures + :one, lastAt = :now',
          ConditionExpression:
            below === undefined ? 'windowStart > :cutoff' : 'windowStart > :cutoff AND failures < :below',
          ExpressionAttributeValues: {
            ':one': 1,
            ':now': nowSeconds,
            ':cutoff': cutoff,
            ...(below === undefined ? {} : { ':below': below }),
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      ),
    );
    if (incremented) return Number(incremented.Attributes?.failures ?? 1);
    const opened = await writtenIfConditionHolds(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(rule, subject),
          UpdateExpression: 'SET failures = :one, windowStart = :now, lastAt = :now, expiresAt = :expires',
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
    if (opened) return 1;
    // The window is open: either full (with `below`), or someone opened it between our two writes.
    if (below !== undefined && (await blockedForSeconds(rule, subject, now)) > 0) return 0;
    // Never reached in practice; an allowance then refuses rather than admit uncounted.
    if (attempt >= MAX_ATTEMPTS) return below === undefined ? rule.limit : 0;
  }
};

/**
 * Counts one failure: inside an open window it increments, otherwise it opens a new window. Returns the
 * window's count with this one: exactly one of concurrent callers sees any given number.
 */
export const recordFailure = (rule: ThrottleRule, subject: string, now: Date): Promise<number> =>
  count(rule, subject, now);

/**
 * Takes one unit of the window's allowance (`limit` per window), atomically: 0 when taken, otherwise the
 * seconds until the window closes. Of N concurrent callers with one unit left, exactly one gets it.
 */
export const takeAllowance = async (rule: ThrottleRule, subject: string, now: Date): Promise<number> => {
  if ((await count(rule, subject, now, rule.limit)) > 0) return 0;
  return Math.max(1, await blockedForSeconds(rule, subject, now));
};

export const clearFailures = async (rule: ThrottleRule, subject: string) => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key(rule, subject) }));
};
