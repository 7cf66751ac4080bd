/**
 * The dashboards' aggregates in the table (docs/product.md#business-dashboards, docs/data-model.md#dashboards).
 *
 * - Subject `DASH#SUBJECT#<id>` / `SUBJECT`: the facts of one patient (or lone questionnaire) as last counted,
 *   the revision of each, and the contribution they made (JSON), `version` for optimistic writes.
 * - Counters `DASH#DAY` / `<YYYY-MM-DD>`, `DASH#COHORT` / `<Monday>`, `DASH#PIVOT` /
 *   `<YYYY-MM>#<nutritionist>#<type>#<status>#<source>`, `DASH#NUTR` / `<YYYY-MM>#<nutritionist>`: numeric
 *   fields changed only by `ADD`, in the transaction that stores the subject's new contribution.
 * - Rows `DASH#PAY#<day>` / `<at>#<P|R>#<bookingId>` (a day's payments and refunds) and
 *   `DASH#VISITS#<nutritionist>` / `<patient>#<time>#<bookingId>` (a nutritionist's visits by patient).
 *
 * A counter change and the subject that explains it commit together, conditioned on the subject's version:
 * a fact counted once is never counted again, and two deliverers of the same subject cannot interleave.
 */
import { DeleteCommand, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { DashboardFact } from '../platform/dashboard-facts';
import { compareRevisions } from '../platform/dashboard-facts';
import { db, tableName } from '../platform/db/client';
import { queryAll } from '../platform/db/query';
import { putAll } from '../platform/db/batch-write';
import { transact, type NamedItem, type TransactItem } from '../platform/db/transact';
import {
  EMPTY_CONTRIBUTION,
  aggregateKey,
  contributionChange,
  contributionOf,
  splitKey,
  type Contribution,
  type Counters,
  type Rows,
  type SubjectFacts,
} from './contributions';

const SUBJECT_PREFIX = 'DASH#SUBJECT#';
const subjectKey = (subjectId: string) => ({ pk: `${SUBJECT_PREFIX}${subjectId}`, sk: 'SUBJECT' });
const COUNTER_TYPE = 'DashboardCounter';
const ROW_TYPE = 'DashboardRow';

export interface StoredSubject {
  facts: SubjectFacts;
  revisions: Record<string, string>;
  contribution: Contribution;
  version: number;
}

const parse = <T>(value: unknown, empty: T): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : empty;

const toSubject = (item: Record<string, unknown> | undefined): StoredSubject => ({
  facts: parse<SubjectFacts>(item?.Facts, {}),
  revisions: parse<Record<string, string>>(item?.Revisions, {}),
  contribution: parse<Contribution>(item?.Contribution, EMPTY_CONTRIBUTION),
  version: Number(item?.version ?? 0),
});

const subjectItem = (subjectId: string, subject: Omit<StoredSubject, 'version'>, version: number) => ({
  ...subjectKey(subjectId),
  type: 'DashboardSubject',
  SubjectId: subjectId,
  Facts: JSON.stringify(subject.facts),
  Revisions: JSON.stringify(subject.revisions),
  Contribution: JSON.stringify(subject.contribution),
  version,
});

export const factKey = (fact: Pick<DashboardFact, 'kind' | 'id'>) => `${fact.kind}:${fact.id}`;

/** A fact as an item's stream record or the table shows it, or its removal (null) at a revision. */
export interface FactUpdate {
  key: string;
  revision: string;
  fact: DashboardFact | null;
}

const counterUpdate = (key: string, fields: Record<string, number>): TransactItem => {
  const names: Record<string, string> = { '#type': 'type' };
  const values: Record<string, unknown> = { ':type': COUNTER_TYPE };
  const adds = Object.entries(fields).map(([field, delta], index) => {
    names[`#f${index}`] = field;
    values[`:v${index}`] = delta;
    return `#f${index} :v${index}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: splitKey(key),
      UpdateExpression: `SET #type = :type ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
};

const rowItem = (key: string, row: Record<string, string | number>) => ({
  ...splitKey(key),
  type: ROW_TYPE,
  ...row,
});

const CONTENDED = 'contended' as const;
const CHANGED = 'changed' as const;
const MAX_ATTEMPTS = 8;

export type ApplyOutcome = 'counted' | 'unchanged' | 'stale';

/**
 * Folds fact updates into a subject: updates older than what was counted are ignored, the subject's new
 * contribution replaces the old one, and the counters move by the difference, all in one transaction
 * conditioned on the subject's version (read again and retried when another writer got there first).
 */
export const applyFactUpdates = async (
  subjectId: string,
  updates: readonly FactUpdate[],
): Promise<ApplyOutcome> => {
  for (let attempt = 1; ; attempt += 1) {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: subjectKey(subjectId), ConsistentRead: true }),
    );
    const stored = toSubject(Item);
    const facts: SubjectFacts = { ...stored.facts };
    const revisions = { ...stored.revisions };
    let newer = false;
    let older = false;
    for (const update of updates) {
      const counted = revisions[update.key];
      if (counted !== undefined && compareRevisions(update.revision, counted) < 0) {
        older = true;
        continue;
      }
      // An equal revision with other content (a write that did not move the revision) still counts.
      if (
        counted === undefined ||
        compareRevisions(update.revision, counted) > 0 ||
        JSON.stringify(update.fact) !== JSON.stringify(facts[update.key] ?? null)
      )
        newer = true;
      else continue;
      revisions[update.key] = update.revision;
      if (update.fact) facts[update.key] = update.fact;
      else delete facts[update.key];
    }
    if (!newer) return older ? 'stale' : 'unchanged';
    const contribution = contributionOf(facts);
    const { deltas, puts, deletes } = contributionChange(stored.contribution, contribution);
    const items: NamedItem<typeof CHANGED>[] = [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: subjectItem(subjectId, { facts, revisions, contribution }, stored.version + 1),
            ConditionExpression: Item ? '#version = :version' : 'attribute_not_exists(pk)',
            ...(Item
              ? {
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: { ':version': stored.version },
                }
              : {}),
          },
        },
        failure: CHANGED,
      },
      ...Object.entries(deltas).map(([key, fields]) => ({ item: counterUpdate(key, fields) })),
      ...Object.entries(puts).map(([key, row]) => ({
        item: { Put: { TableName: tableName(), Item: rowItem(key, row) } },
      })),
      ...deletes.map((key) => ({ item: { Delete: { TableName: tableName(), Key: splitKey(key) } } })),
    ];
    const failure = await transact(items, { contended: CONTENDED });
    if (!failure) return 'counted';
    if (attempt >= MAX_ATTEMPTS)
      throw new Error(`Dashboard subject still ${failure} after ${attempt} attempts`);
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
  }
};

/** The facts last counted for a subject (tests, support). */
export const getSubject = async (subjectId: string): Promise<StoredSubject | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: subjectKey(subjectId), ConsistentRead: true }),
  );
  return Item ? toSubject(Item) : null;
};

const stripKeys = (item: Record<string, unknown>) => {
  const { pk: _pk, sk, type: _type, ...rest } = item;
  return { sk: String(sk), ...rest };
};

/** Counter items of a partition between two sort keys (inclusive), in order. */
export const readCounters = async (pk: string, from: string, to: string) => {
  const found: { sk: string; fields: Record<string, number> }[] = [];
  for await (const item of queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
  })) {
    const { sk, ...fields } = stripKeys(item);
    found.push({ sk, fields });
  }
  return found;
};

/** Row items of a partition, optionally between two sort keys, in order. */
export const readRows = async (pk: string, range?: { from: string; to: string }) => {
  const found: Record<string, string | number>[] = [];
  for await (const item of queryAll(
    range
      ? {
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': pk, ':from': range.from, ':to': range.to },
        }
      : { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } },
  ))
    found.push(stripKeys(item));
  return found;
};

/** Every item of the table, page by page, a few segments at once (the rebuild job only: never on a request path). */
export const scanTable = async (
  onPage: (items: Record<string, unknown>[]) => Promise<void>,
  segments = 4,
) => {
  const segment = async (index: number) => {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db().send(
        new ScanCommand({
          TableName: tableName(),
          Segment: index,
          TotalSegments: segments,
          ExclusiveStartKey: startKey,
        }),
      );
      await onPage(page.Items ?? []);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  };
  await Promise.all(Array.from({ length: segments }, (_, index) => segment(index)));
};

/** Whether a scanned item is one of the dashboards' own (stored aggregates and subjects). */
export const storedAggregateOf = (item: Record<string, unknown>) => {
  if (item.type === COUNTER_TYPE || item.type === ROW_TYPE) {
    const { pk, sk, type, ...fields } = item;
    return {
      kind: type === COUNTER_TYPE ? ('counter' as const) : ('row' as const),
      key: aggregateKey(String(pk), String(sk)),
      fields,
    };
  }
  if (item.type === 'DashboardSubject')
    return { kind: 'subject' as const, key: String(item.SubjectId), fields: {} };
  return null;
};

/** Writes what the rebuild recomputed: every counter and row as expected, stale rows deleted, subjects reset. */
export const writeRebuilt = async (options: {
  counters: Counters;
  rows: Rows;
  staleRows: readonly string[];
  subjects: ReadonlyMap<string, Omit<StoredSubject, 'version'>>;
  storedVersions: ReadonlyMap<string, number>;
}) => {
  const items: Record<string, unknown>[] = [
    ...Object.entries(options.counters).map(([key, fields]) => ({
      ...splitKey(key),
      type: COUNTER_TYPE,
      ...fields,
    })),
    ...Object.entries(options.rows).map(([key, row]) => rowItem(key, row)),
    ...[...options.subjects].map(([id, subject]) =>
      subjectItem(id, subject, (options.storedVersions.get(id) ?? 0) + 1),
    ),
  ];
  await putAll(items);
  for (const key of options.staleRows)
    await db().send(new DeleteCommand({ TableName: tableName(), Key: splitKey(key) }));
};
