/**
 * Audit trail of privileged reads (first user: the SystemAdmin chat viewer, which reads conversations its
 * reader is not a member of). One item per read, written BEFORE the data is returned: if the write fails
 * the read fails, so nothing is ever shown unrecorded. Items hold ids, never the content read.
 * - Audit item `AUDIT#<subjectType>#<subjectId>` / `<At ISO>#<AuditId>`: AuditId, Action, ActorUserId,
 *   SubjectType, SubjectId, At, Details (ids and counts only); gsi1 `AUDITBY#<actorUserId>` /
 *   `<At ISO>#<AuditId>`; gsi2 `AUDITDAY#<YYYY-MM-DD (UTC)>` / `<At ISO>#<AuditId>` (the search by period
 *   alone, docs/product.md#audit-trail). No TTL: kept like the conversations they concern.
 * Access patterns: put one; a subject's reads, newest first (table); an actor's reads, newest first (gsi1);
 * one day's entries, newest first (gsi2). Nothing in the product updates or deletes an audit item.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './db/client';
import type { TransactItem } from './db/transact';
import { newId } from './ids';

export interface AuditEntry {
  AuditId: string;
  /** What was done, e.g. `chat.messages.read`. */
  Action: string;
  /** Who did it. */
  ActorUserId: string;
  /** What it was done to, e.g. `conversation` + its id. */
  SubjectType: string;
  SubjectId: string;
  /** ISO instant. */
  At: string;
  /** Ids and counts that make the entry precise (e.g. the page read); never the content. */
  Details: Record<string, string | number | null>;
}

const subjectPartition = (subjectType: string, subjectId: string) => `AUDIT#${subjectType}#${subjectId}`;
export const actorPartition = (actorUserId: string) => `AUDITBY#${actorUserId}`;
const dayPartition = (day: string) => `AUDITDAY#${day}`;
const dayIndex = (at: string, sortKey: string) => ({
  gsi2pk: dayPartition(at.slice(0, 10)),
  gsi2sk: sortKey,
});

// Record one audited action (conditional put: an id is never reused).
export const recordAudit = async (entry: Omit<AuditEntry, 'AuditId' | 'At'>, at: Date) => {
  const item: AuditEntry = { ...entry, AuditId: newId(), At: at.toISOString() };
  const sortKey = `${item.At}#${item.AuditId}`;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: subjectPartition(item.SubjectType, item.SubjectId),
        sk: sortKey,
        type: 'Audit',
        ...item,
        gsi1pk: actorPartition(item.ActorUserId),
        gsi1sk: sortKey,
        ...dayIndex(item.At, sortKey),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return item;
};

/**
 * The audit item of an administrative action, for the transaction of the action itself: the action and its
 * record commit together (who, when, why), so neither exists without the other.
 */
export const auditPut = (
  entry: Omit<AuditEntry, 'AuditId' | 'At'>,
  at: Date,
): { item: TransactItem; entry: AuditEntry } => {
  const audited: AuditEntry = { ...entry, AuditId: newId(), At: at.toISOString() };
  const sortKey = `${audited.At}#${audited.AuditId}`;
  return {
    entry: audited,
    item: {
      Put: {
        TableName: tableName(),
        Item: {
          pk: subjectPartition(audited.SubjectType, audited.SubjectId),
          sk: sortKey,
          type: 'Audit',
          ...audited,
          gsi1pk: actorPartition(audited.ActorUserId),
          gsi1sk: sortKey,
          ...dayIndex(audited.At, sortKey),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
};

const toEntry = (item: Record<string, unknown>): AuditEntry => ({
  AuditId: String(item.AuditId),
  Action: String(item.Action),
  ActorUserId: String(item.ActorUserId),
  SubjectType: String(item.SubjectType),
  SubjectId: String(item.SubjectId),
  At: String(item.At),
  Details: (item.Details ?? {}) as AuditEntry['Details'],
});

// A subject's audit entries, newest first.
export const listSubjectAudit = async (subjectType: string, subjectId: string, limit = 50) => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': subjectPartition(subjectType, subjectId) },
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(toEntry);
};

// An actor's audit entries, newest first (gsi1).
export const listActorAudit = async (actorUserId: string, limit = 50) => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': actorPartition(actorUserId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toEntry);
};

/** One changed field of an administrative change: its value before and after (ids, names, flags). */
export type AuditChange = readonly [before: string | number | null, after: string | number | null];

/**
 * Record an administrative change with the value of each changed field before and after it, flattened
 * into Details as `<field>.before` / `<field>.after` (docs/product.md#user-management shows them on the
 * user's page). Same item and rules as recordAudit.
 */
export const recordChangeAudit = async (
  entry: Omit<AuditEntry, 'AuditId' | 'At' | 'Details'>,
  changes: Record<string, AuditChange>,
  at: Date,
  details: AuditEntry['Details'] = {},
) =>
  recordAudit(
    {
      ...entry,
      Details: {
        ...details,
        ...Object.fromEntries(
          Object.entries(changes).flatMap(([field, [before, after]]) => [
            [`${field}.before`, before],
            [`${field}.after`, after],
          ]),
        ),
      },
    },
    at,
  );

/** The longest period searched without a user or a target (one Query per day). */
export const AUDIT_SEARCH_MAX_DAYS = 31;

export interface AuditSearch {
  actorUserId?: string;
  subject?: { type: string; id: string };
  /** First and last UTC day of the period, `YYYY-MM-DD`, both included. */
  fromDay: string;
  toDay: string;
  limit: number;
  /** Entries older than this one (the sort key `<At>#<AuditId>` of the last entry of the previous page). */
  before?: string;
}

/**
 * Audit entries of a period, newest first, by target (table), by user (gsi1) or, with neither, day by day
 * (gsi2); with both a target and a user, the target's entries of that user. Returns a page and the key
 * the next page starts before, or null at the end.
 */
export const searchAudit = async (search: AuditSearch) => {
  const lower = search.fromDay;
  const upper = search.before ?? `${search.toDay}~`;
  const entries: AuditEntry[] = [];
  const page = async (index: 'table' | 'gsi1' | 'gsi2', partition: string, bound: string) => {
    const [pkName, skName] = index === 'table' ? ['pk', 'sk'] : [`${index}pk`, `${index}sk`];
    let start: Record<string, unknown> | undefined;
    do {
      const result = await db().send(
        new QueryCommand({
          TableName: tableName(),
          ...(index === 'table' ? {} : { IndexName: index }),
          KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lower AND :upper',
          ...(search.actorUserId && index === 'table' ? { FilterExpression: 'ActorUserId = :actor' } : {}),
          ExpressionAttributeNames: { '#pk': pkName, '#sk': skName },
          ExpressionAttributeValues: {
            ':pk': partition,
            ':lower': lower,
            ':upper': bound,
            ...(search.actorUserId && index === 'table' ? { ':actor': search.actorUserId } : {}),
          },
          ScanIndexForward: false,
          Limit: search.limit + 1,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of result.Items ?? []) {
        const entry = toEntry(item);
        if (`${entry.At}#${entry.AuditId}` !== search.before) entries.push(entry);
      }
      start = result.LastEvaluatedKey;
    } while (start && entries.length <= search.limit);
  };
  if (search.subject) await page('table', subjectPartition(search.subject.type, search.subject.id), upper);
  else if (search.actorUserId) await page('gsi1', actorPartition(search.actorUserId), upper);
  else
    for (
      let day = (search.before ?? search.toDay).slice(0, 10);
      day >= search.fromDay && entries.length <= search.limit;
      day = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    )
      await page('gsi2', dayPartition(day), upper);
  const shown = entries.slice(0, search.limit);
  const last = shown.at(-1);
  return {
    entries: shown,
    next: entries.length > search.limit && last ? `${last.At}#${last.AuditId}` : null,
  };
};
