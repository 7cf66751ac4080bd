/**
 * Each view's figures from a source of aggregates: the table (what the API answers) or aggregates
 * recomputed in memory from source items (the rebuild's recomputation, which tests compare with the API).
 * Every read is a Query on one aggregate partition and a key range (no Scan); names are read by id.
 */
import {
  PATIENT_TIMELINE_PAGE_SIZE,
  romeInstant,
  type DailyPayments,
  type DailyPaymentsQuery,
  type DayRangeQuery,
  type MonthRangeQuery,
  type PatientTimeline,
  type PatientTimelineQuery,
  type PivotQuery,
  type PivotTable,
} from '@nutri/shared';
import {
  COHORT_PARTITION,
  DAY_PARTITION,
  NUTRITIONIST_PARTITION,
  PIVOT_PARTITION,
  aggregateKey,
  paymentsPartition,
  splitKey,
  visitsPartition,
  type Counters,
  type Rows,
} from './contributions';
import {
  conversionTimeline,
  dailyPaymentDays,
  dailyPaymentEntries,
  monthEnd,
  monthlySummary,
  nutritionistConversionRates,
  patientTimeline,
  pivotTable,
  type CounterItem,
  type Names,
  type VisitRow,
} from './views';
import { addRomeDays } from '@nutri/shared';

export interface AggregateSource {
  /** Counter items of a partition with `from <= sk <= to`, by sort key. */
  counters: (pk: string, from: string, to: string) => Promise<CounterItem[]>;
  /** Row items of a partition, by sort key. */
  rows: (pk: string) => Promise<Record<string, string | number>[]>;
  /** Display names by user id. */
  names: (userIds: readonly string[]) => Promise<Names>;
}

/** Aggregates held in memory (recomputed), read as the table would answer. */
export const memorySource = (
  counters: Counters,
  rows: Rows,
  names: AggregateSource['names'],
): AggregateSource => {
  const entries = (map: Record<string, unknown>, pk: string) =>
    Object.keys(map)
      .map((key) => ({ key, ...splitKey(key) }))
      .filter((entry) => entry.pk === pk)
      .sort((a, b) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0));
  return {
    counters: (pk, from, to) =>
      Promise.resolve(
        entries(counters, pk)
          .filter((entry) => entry.sk >= from && entry.sk <= to)
          .map((entry) => ({ sk: entry.sk, fields: counters[aggregateKey(entry.pk, entry.sk)]! })),
      ),
    rows: (pk) => Promise.resolve(entries(rows, pk).map((entry) => ({ sk: entry.sk, ...rows[entry.key]! }))),
    names,
  };
};

export const dashboardViews = (source: AggregateSource) => ({
  monthlySummary: async ({ from, to }: MonthRangeQuery) =>
    monthlySummary(await source.counters(DAY_PARTITION, `${from}-01`, monthEnd(to)), from, to),

  conversionTimeline: async ({ from, to }: DayRangeQuery) =>
    conversionTimeline(await source.counters(COHORT_PARTITION, from, to)),

  pivot: async (query: Required<PivotQuery>): Promise<PivotTable> => {
    const cells = await source.counters(PIVOT_PARTITION, query.from, `${query.to}~`);
    const nutritionists = [...new Set(cells.map((cell) => cell.sk.split('#')[1]!))];
    return pivotTable(cells, query, await source.names(nutritionists));
  },

  nutritionistConversionRates: async ({ from, to }: MonthRangeQuery) => {
    const items = await source.counters(NUTRITIONIST_PARTITION, from, `${to}~`);
    return nutritionistConversionRates(
      items,
      await source.names([...new Set(items.map((item) => item.sk.slice(8)))]),
    );
  },

  patientTimeline: async (query: PatientTimelineQuery): Promise<PatientTimeline> => {
    const visits = (await source.rows(visitsPartition(query.nutritionistUserId))) as unknown as VisitRow[];
    const range = {
      fromInstant: romeInstant(query.from, '00:00').toISOString(),
      toInstant: romeInstant(addRomeDays(query.to, 1), '00:00').toISOString(),
    };
    const patients = patientTimeline(visits, range);
    const page = Number(query.page ?? 1);
    const shown = patients.slice((page - 1) * PATIENT_TIMELINE_PAGE_SIZE, page * PATIENT_TIMELINE_PAGE_SIZE);
    // Names are read for the page only: a busy year gives a nutritionist a thousand patients.
    const names = await source.names([query.nutritionistUserId, ...shown.map((row) => row.PatientUserId)]);
    return {
      NutritionistUserId: query.nutritionistUserId,
      Name: names.get(query.nutritionistUserId) || query.nutritionistUserId,
      Patients: shown.map((row) => ({ ...row, Name: names.get(row.PatientUserId) || row.PatientUserId })),
      PatientCount: patients.length,
      Page: page,
      PageSize: PATIENT_TIMELINE_PAGE_SIZE,
    };
  },

  dailyPayments: async (query: DailyPaymentsQuery): Promise<DailyPayments> => {
    const days = dailyPaymentDays(
      await source.counters(DAY_PARTITION, query.from, query.to),
      query.from,
      query.to,
    );
    // The chosen day, or the last day of the range with any movement.
    const day =
      query.day ?? [...days].reverse().find((entry) => entry.Payments || entry.Refunds)?.Date ?? null;
    const rows = day ? await source.rows(paymentsPartition(day)) : [];
    const ids = [
      ...new Set(rows.flatMap((row) => [String(row.PatientUserId), String(row.NutritionistUserId)])),
    ];
    return { Days: days, Day: day, Entries: dailyPaymentEntries(rows, await source.names(ids)) };
  },
});
