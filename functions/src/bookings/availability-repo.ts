/**
 * Nutritionists' availability intervals (docs/product.md#data: Daily availability), on the Rome wall clock.
 * - Interval `USER#<nutritionistId>` / `AVAIL#<YYYY-MM-DD>#<HH:mm>#<intervalId>`: a nutritionist's intervals
 *   sorted by date and start; gsi1 `INTERVAL#<intervalId>` / `INTERVAL` finds one by id.
 * - Day guard `USER#<nutritionistId>` / `AVAILDAY#<YYYY-MM-DD>` with a `version`: every add or remove of
 *   an interval of that date bumps it in the same transaction, conditioned on the version read with the
 *   intervals, so two concurrent adds cannot both pass the overlap check.
 * Access patterns: list a nutritionist's intervals between two dates (table key, `between` on sk); get an
 * interval by id (gsi1); add or remove one with the day guard (TransactWriteItems).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AvailabilityInterval } from '@nutri/shared';
import { db, tableName } from '../platform/db/client';
import { queryAll } from '../platform/db/query';
import { transactOrThrow, type TransactItem } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';

export interface StoredInterval extends AvailabilityInterval {
  IntervalId: number;
  NutritionistUserId: string;
}

const intervalKey = (
  interval: Pick<StoredInterval, 'NutritionistUserId' | 'IntervalDate' | 'IntervalStart' | 'IntervalId'>,
) => ({
  pk: `USER#${interval.NutritionistUserId}`,
  sk: `AVAIL#${interval.IntervalDate}#${interval.IntervalStart}#${interval.IntervalId}`,
});
const dayGuardKey = (nutritionistUserId: string, date: string) => ({
  pk: `USER#${nutritionistUserId}`,
  sk: `AVAILDAY#${date}`,
});

const toInterval = (item: Record<string, unknown>): StoredInterval => ({
  IntervalId: Number(item.IntervalId),
  NutritionistUserId: String(item.NutritionistUserId),
  IntervalDate: String(item.IntervalDate),
  IntervalStart: String(item.IntervalStart),
  IntervalEnd: String(item.IntervalEnd),
});

// List a nutritionist's intervals from one Rome date to another, inclusive, by date and start (table key).
export const listIntervals = async (nutritionistUserId: string, firstDate: string, lastDate: string) => {
  const intervals: StoredInterval[] = [];
  for await (const item of queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': `USER#${nutritionistUserId}`,
      ':from': `AVAIL#${firstDate}#`,
      ':to': `AVAIL#${lastDate}#~`,
    },
    ConsistentRead: true,
  })) {
    intervals.push(toInterval(item));
  }
  return intervals;
};

// One page of a nutritionist's intervals between two dates (table key), for the calendar's list call.
export const listIntervalsPage = async (
  nutritionistUserId: string,
  firstDate: string,
  lastDate: string,
  limit: number,
  cursor: Record<string, unknown> | undefined,
) => {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': `USER#${nutritionistUserId}`,
        ':from': `AVAIL#${firstDate}#`,
        ':to': `AVAIL#${lastDate}#~`,
      },
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  return { intervals: (page.Items ?? []).map(toInterval), next: page.LastEvaluatedKey };
};

// Get an interval by id (gsi1 `INTERVAL#<id>`); the caller checks whose it is.
export const findInterval = async (intervalId: number): Promise<StoredInterval | null> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `INTERVAL#${intervalId}` },
      Limit: 1,
    }),
  );
  return Items?.[0] ? toInterval(Items[0]) : null;
};

// Read the day guard's version (0 when the date never had an interval).
export const getDayVersion = async (nutritionistUserId: string, date: string): Promise<number> => {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: dayGuardKey(nutritionistUserId, date),
      ConsistentRead: true,
    }),
  );
  return Number(Item?.version ?? 0);
};

const dayGuardUpdate = (nutritionistUserId: string, date: string, version: number) => ({
  Update: {
    TableName: tableName(),
    Key: dayGuardKey(nutritionistUserId, date),
    UpdateExpression: 'SET #version = :next, #type = :type',
    ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : '#version = :version',
    ExpressionAttributeNames: { '#version': 'version', '#type': 'type' },
    ExpressionAttributeValues: {
      ':next': version + 1,
      ':type': 'AvailabilityDay',
      ...(version === 0 ? {} : { ':version': version }),
    },
  },
});

/** Every condition of an interval's write checks the day as read: a failure is a concurrent change. */
const writeWithGuard = async ({ TransactItems }: { TransactItems: TransactItem[] }) => {
  const changedMeanwhile = new DomainError('conflict');
  await transactOrThrow(
    TransactItems.map((item) => ({ item, failure: changedMeanwhile })),
    { contended: changedMeanwhile },
  );
};

// Add an interval, provided the date's intervals did not change since `dayVersion` was read.
export const addInterval = async (interval: StoredInterval, dayVersion: number) => {
  await writeWithGuard({
    TransactItems: [
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...intervalKey(interval),
            type: 'AvailabilityInterval',
            gsi1pk: `INTERVAL#${interval.IntervalId}`,
            gsi1sk: 'INTERVAL',
            ...interval,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      dayGuardUpdate(interval.NutritionistUserId, interval.IntervalDate, dayVersion),
    ],
  });
};

// Remove an interval and bump its date's guard.
export const removeInterval = async (interval: StoredInterval) => {
  const version = await getDayVersion(interval.NutritionistUserId, interval.IntervalDate);
  await writeWithGuard({
    TransactItems: [
      {
        Delete: {
          TableName: tableName(),
          Key: intervalKey(interval),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      dayGuardUpdate(interval.NutritionistUserId, interval.IntervalDate, version),
    ],
  });
};
