/**
 * Nutritionists' availability intervals (docs/product.md#data: Daily availability), on the Rome wall clock.
 * - Interval `USER#<nutritionistId>` / `AVAIL#<YYYY-MM-DD>#<HH:mm>#<intervalId>`: a nutritionist's intervals
 *   sorted by date and start; gsi1 `INTERVAL#<intervalId>` / `INTERVAL` finds one by id.
 * - Day guard `USER#<nutritionistId>` / `AVAILDAY#<YYYY-MM-DD>` with a `version`: every add or remove of
 *   an interval of that date bumps it in the same transaction, conditioned on the version read with the
 *   intervals, so two concurrent adds cannot both pass the overlap check.
 * - Template `USER#<nutritionistId>` / `AVAILTPL`: the weekly template (docs/product.md#calendar), its
 *   intervals as a list of { Weekday, IntervalStart, IntervalEnd }.
 * - Exception `USER#<nutritionistId>` / `AVAILEXC#<YYYY-MM-DD>`: the intervals that replace the template's on
 *   that date (an empty list: a day off).
 * Access patterns: list a nutritionist's intervals between two dates (table key, `between` on sk); get an
 * interval by id (gsi1); add or remove one with the day guard (TransactWriteItems); get or put the template;
 * list the exceptions between two dates, put or delete one; copy a week (one TransactWriteItems).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type AvailabilityException,
  type AvailabilityInterval,
  type TemplateInterval,
  type TimeRange,
} from '@nutri/shared';
import { db, tableName } from '../platform/db/client';
import { queryAll } from '../platform/db/query';
import { MAX_TRANSACTION_ITEMS, transactOrThrow, type TransactItem } from '../platform/db/transact';
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

/** Writes a new interval (its id never used before). */
const intervalPut = (interval: StoredInterval): TransactItem => ({
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
});

// Add an interval, provided the date's intervals did not change since `dayVersion` was read.
export const addInterval = async (interval: StoredInterval, dayVersion: number) => {
  await writeWithGuard({
    TransactItems: [
      intervalPut(interval),
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

const templateKey = (nutritionistUserId: string) => ({ pk: `USER#${nutritionistUserId}`, sk: 'AVAILTPL' });
const exceptionKey = (nutritionistUserId: string, date: string) => ({
  pk: `USER#${nutritionistUserId}`,
  sk: `AVAILEXC#${date}`,
});

const toRanges = (value: unknown): TimeRange[] =>
  (Array.isArray(value) ? (value as Record<string, unknown>[]) : []).map((range) => ({
    IntervalStart: String(range.IntervalStart),
    IntervalEnd: String(range.IntervalEnd),
  }));

// The weekly template's intervals (none when never set).
export const getTemplate = async (nutritionistUserId: string): Promise<TemplateInterval[]> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: templateKey(nutritionistUserId), ConsistentRead: true }),
  );
  const intervals = Array.isArray(Item?.Intervals) ? (Item.Intervals as Record<string, unknown>[]) : [];
  return intervals.map((range) => ({
    Weekday: Number(range.Weekday),
    IntervalStart: String(range.IntervalStart),
    IntervalEnd: String(range.IntervalEnd),
  }));
};

// Replace the weekly template.
export const putTemplate = async (nutritionistUserId: string, intervals: TemplateInterval[], at: Date) => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...templateKey(nutritionistUserId),
        type: 'AvailabilityTemplate',
        NutritionistUserId: nutritionistUserId,
        Intervals: intervals.map(({ Weekday, IntervalStart, IntervalEnd }) => ({
          Weekday,
          IntervalStart,
          IntervalEnd,
        })),
        UpdatedAt: at.toISOString(),
      },
    }),
  );
};

// The exceptions from one date to another, inclusive, by date (table key).
export const listExceptions = async (
  nutritionistUserId: string,
  firstDate: string,
  lastDate: string,
): Promise<AvailabilityException[]> => {
  const exceptions: AvailabilityException[] = [];
  for await (const item of queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': `USER#${nutritionistUserId}`,
      ':from': `AVAILEXC#${firstDate}`,
      ':to': `AVAILEXC#${lastDate}`,
    },
    ConsistentRead: true,
  })) {
    exceptions.push({ ExceptionDate: String(item.ExceptionDate), Intervals: toRanges(item.Intervals) });
  }
  return exceptions;
};

const exceptionItem = (nutritionistUserId: string, exception: AvailabilityException) => ({
  ...exceptionKey(nutritionistUserId, exception.ExceptionDate),
  type: 'AvailabilityException',
  NutritionistUserId: nutritionistUserId,
  ExceptionDate: exception.ExceptionDate,
  Intervals: exception.Intervals.map(({ IntervalStart, IntervalEnd }) => ({ IntervalStart, IntervalEnd })),
});

// Set a date's exception (replacing any earlier one).
export const putException = async (nutritionistUserId: string, exception: AvailabilityException) => {
  await db().send(
    new PutCommand({ TableName: tableName(), Item: exceptionItem(nutritionistUserId, exception) }),
  );
};

// Remove a date's exception (the template applies again); nothing when there is none.
export const deleteException = async (nutritionistUserId: string, date: string) => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: exceptionKey(nutritionistUserId, date) }));
};

/** A week copied is too large for one transaction. */
export class CopyTooLarge extends Error {}

/**
 * Makes each target date what its source date is: the target's own intervals and exception go, the
 * source's are written in their place (new ids), all at once. Each date's guard is bumped, conditioned on
 * the version read, so an interval added meanwhile makes the copy fail rather than vanish unseen.
 */
export const replaceDays = async (
  nutritionistUserId: string,
  days: {
    date: string;
    remove: StoredInterval[];
    add: StoredInterval[];
    exception: AvailabilityException | null;
    dayVersion: number;
  }[],
) => {
  const items: TransactItem[] = days.flatMap((day) => [
    ...day.remove.map((interval) => ({
      Delete: {
        TableName: tableName(),
        Key: intervalKey(interval),
        ConditionExpression: 'attribute_exists(pk)',
      },
    })),
    ...day.add.map(intervalPut),
    day.exception
      ? { Put: { TableName: tableName(), Item: exceptionItem(nutritionistUserId, day.exception) } }
      : { Delete: { TableName: tableName(), Key: exceptionKey(nutritionistUserId, day.date) } },
    dayGuardUpdate(nutritionistUserId, day.date, day.dayVersion),
  ]);
  if (items.length > MAX_TRANSACTION_ITEMS) throw new CopyTooLarge();
  await writeWithGuard({ TransactItems: items });
};
