/**
 * The rebuild job (docs/product.md#business-dashboards): recomputes every aggregate from the source items
 * (one Scan of the table, which only a job may do), compares it with what the stream's increments stored,
 * and reports every difference; with `repair` it then writes the recomputed aggregates and subjects. Run
 * when the stream is quiet: a change counted while it runs shows up as a difference (and is repaired as
 * read at the scan).
 */
import { performance } from 'node:perf_hooks';
import { patientFactOfItem } from '../onboarding';
import type { DashboardFact } from '../platform/dashboard-facts';
import { logger } from '../platform/logger';
import { factKey, scanTable, storedAggregateOf, writeRebuilt, type StoredSubject } from './aggregates-repo';
import {
  contributionOf,
  type Contribution,
  type Counters,
  type Rows,
  type SubjectFacts,
} from './contributions';
import { factOfItem } from './stream';

export interface AggregateDifference {
  key: string;
  field: string;
  stored: number | string | null;
  expected: number | string | null;
}

export interface RebuildReport {
  sourceItems: number;
  subjects: number;
  counters: number;
  rows: number;
  differenceCount: number;
  /** The first differences found (at most 50). */
  differences: AggregateDifference[];
  repaired: boolean;
  /** Where the time went, in seconds: reading the table, recomputing and comparing, writing the repair. */
  seconds: { read: number; compare: number; write: number };
}

/** Everything the aggregates should hold, recomputed from the source items. */
export interface Recomputed {
  counters: Counters;
  rows: Rows;
  subjects: Map<string, Omit<StoredSubject, 'version'>>;
}

export const sumContributions = (contributions: Iterable<Contribution>) => {
  const counters: Counters = {};
  const rows: Rows = {};
  for (const contribution of contributions) {
    for (const [key, fields] of Object.entries(contribution.counters)) {
      const target = (counters[key] ??= {});
      for (const [field, value] of Object.entries(fields)) target[field] = (target[field] ?? 0) + value;
    }
    Object.assign(rows, contribution.rows);
  }
  return { counters, rows };
};

const MAX_LISTED = 50;

/** Reads the whole table once: the facts of every source item, and the aggregates as stored. */
export const readTableForRebuild = async () => {
  const facts: DashboardFact[] = [];
  const patients: Record<string, unknown>[] = [];
  const receivedAt = new Map<string, string>();
  const storedCounters: Counters = {};
  const storedRows: Record<string, Record<string, unknown>> = {};
  const storedVersions = new Map<string, number>();
  let sourceItems = 0;
  await scanTable(async (items) => {
    for (const item of items) {
      const stored = storedAggregateOf(item);
      if (stored) {
        if (stored.kind === 'counter') storedCounters[stored.key] = stored.fields as Record<string, number>;
        else if (stored.kind === 'row') storedRows[stored.key] = stored.fields;
        else storedVersions.set(stored.key, Number(item.version ?? 0));
        continue;
      }
      // Patients need their questionnaire's reception, read from the same scan.
      if (item.type === 'Patient') {
        patients.push(item);
        sourceItems += 1;
        continue;
      }
      const fact = await factOfItem(item, '0');
      if (!fact) continue;
      sourceItems += 1;
      facts.push(fact);
      if (fact.kind === 'questionnaire') receivedAt.set(fact.id, fact.ReceivedAt);
    }
  });
  for (const item of patients) {
    const fact = await patientFactOfItem(item, (id) => Promise.resolve(receivedAt.get(id) ?? null));
    if (fact) facts.push(fact);
  }

  return { facts, sourceItems, storedCounters, storedRows, storedVersions };
};

const secondsSince = (started: number) => Math.round(performance.now() - started) / 1000;

export const rebuildAggregates = async (options: { repair: boolean }): Promise<RebuildReport> => {
  let started = performance.now();
  const { facts, sourceItems, storedCounters, storedRows, storedVersions } = await readTableForRebuild();
  const seconds = { read: secondsSince(started), compare: 0, write: 0 };
  started = performance.now();
  const recomputed = recompute(facts);
  const differences: AggregateDifference[] = [];
  let differenceCount = 0;
  const note = (difference: AggregateDifference) => {
    differenceCount += 1;
    if (differences.length < MAX_LISTED) differences.push(difference);
  };
  for (const key of new Set([...Object.keys(storedCounters), ...Object.keys(recomputed.counters)])) {
    const stored = storedCounters[key] ?? {};
    const expected = recomputed.counters[key] ?? {};
    for (const field of new Set([...Object.keys(stored), ...Object.keys(expected)]))
      if ((stored[field] ?? 0) !== (expected[field] ?? 0))
        note({ key, field, stored: stored[field] ?? null, expected: expected[field] ?? null });
  }
  const staleRows: string[] = [];
  for (const key of new Set([...Object.keys(storedRows), ...Object.keys(recomputed.rows)])) {
    const stored = storedRows[key];
    const expected = recomputed.rows[key];
    if (!expected) staleRows.push(key);
    if (JSON.stringify(sorted(stored)) !== JSON.stringify(sorted(expected)))
      note({
        key,
        field: '*',
        stored: stored ? JSON.stringify(stored) : null,
        expected: expected ? JSON.stringify(expected) : null,
      });
  }

  seconds.compare = secondsSince(started);
  started = performance.now();
  if (options.repair) {
    // Counters no subject accounts for any more are written back as zeros.
    const counters: Counters = { ...recomputed.counters };
    for (const [key, fields] of Object.entries(storedCounters))
      if (!counters[key]) counters[key] = Object.fromEntries(Object.keys(fields).map((field) => [field, 0]));
    await writeRebuilt({
      counters,
      rows: recomputed.rows,
      staleRows,
      subjects: recomputed.subjects,
      storedVersions,
    });
  }
  seconds.write = secondsSince(started);
  const report: RebuildReport = {
    sourceItems,
    subjects: recomputed.subjects.size,
    counters: Object.keys(recomputed.counters).length,
    rows: Object.keys(recomputed.rows).length,
    differenceCount,
    differences,
    repaired: options.repair,
    seconds,
  };
  logger.info('Dashboard aggregates rebuilt', { ...report, differences: undefined });
  return report;
};

const sorted = (value: Record<string, unknown> | undefined) =>
  value ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : null;

/** The aggregates the given facts make, grouped by subject as the stream groups them. */
export const recompute = (facts: readonly DashboardFact[]): Recomputed => {
  const bySubject = new Map<string, SubjectFacts>();
  for (const fact of facts) {
    const subject = bySubject.get(fact.subject) ?? {};
    subject[factKey(fact)] = fact;
    bySubject.set(fact.subject, subject);
  }
  const subjects = new Map<string, Omit<StoredSubject, 'version'>>();
  for (const [id, subjectFacts] of bySubject) {
    const revisions = Object.fromEntries(
      Object.entries(subjectFacts).map(([key, fact]) => [key, fact.revision]),
    );
    subjects.set(id, { facts: subjectFacts, revisions, contribution: contributionOf(subjectFacts) });
  }
  return { ...sumContributions([...subjects.values()].map((subject) => subject.contribution)), subjects };
};
