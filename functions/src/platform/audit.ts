/**
 * Audit trail of privileged reads (first user: the SystemAdmin chat viewer, which reads conversations its
 * reader is not a member of). One item per read, written BEFORE the data is returned: if the write fails
 * the read fails, so nothing is ever shown unrecorded. Items hold ids, never the content read.
 * - Audit item `AUDIT#<subjectType>#<subjectId>` / `<At ISO>#<AuditId>`: AuditId, Action, ActorUserId,
 *   SubjectType, SubjectId, At, Details (ids and counts only); gsi1 `AUDITBY#<actorUserId>` /
 *   `<At ISO>#<AuditId>`. No TTL: kept like the conversations they concern.
 * Access patterns: put one; a subject's reads, newest first (table); an actor's reads, newest first (gsi1).
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
