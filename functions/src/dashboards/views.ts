/**
 * The six views (docs/product.md#business-dashboards) computed from stored aggregates: pure functions, so
 * the API and the tests' recomputation from source items produce them the same way.
 */
import {
  BOOKING_STATUS_LABELS,
  BOOKING_TYPES,
  BookingStatus,
  patientSourceLabels,
  type BookingStatusId,
  type BookingTypeId,
  type ConversionCohort,
  type DailyPaymentEntry,
  type DailyPaymentsDay,
  type FunnelStepName,
  type MonthlySummaryRow,
  type NutritionistConversionRate,
  type PatientTimelineRow,
  type PivotDimension,
  type PivotMeasure,
  type PivotTable,
} from '@nutri/shared';
import { FUNNEL_STEPS, MAX_GAP_DAYS, gapField } from './contributions';

export interface CounterItem {
  sk: string;
  fields: Record<string, number>;
}
export type Names = ReadonlyMap<string, string>;

const DAY_MS = 86_400_000;
const dayIndex = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (index: number) => new Date(index * DAY_MS).toISOString().slice(0, 10);

/** Every month from `from` to `to` (`YYYY-MM`). */
export const monthsBetween = (from: string, to: string) => {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  for (;;) {
    const value = `${year}-${String(month).padStart(2, '0')}`;
    if (value > to) return months;
    months.push(value);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
};

/** Every date from `from` to `to`. */
export const daysBetweenDates = (from: string, to: string) => {
  const days: string[] = [];
  for (let index = dayIndex(from); index <= dayIndex(to); index += 1) days.push(dateOf(index));
  return days;
};

/** The last day of a month, `YYYY-MM-DD` (a range's upper sort key). */
export const monthEnd = (month: string) => `${month}-31`;

const sumByMonth = (items: readonly CounterItem[]) => {
  const months = new Map<string, Record<string, number>>();
  for (const { sk, fields } of items) {
    const total = months.get(sk.slice(0, 7)) ?? {};
    for (const [field, value] of Object.entries(fields)) total[field] = (total[field] ?? 0) + Number(value);
    months.set(sk.slice(0, 7), total);
  }
  return months;
};

export const monthlySummary = (
  days: readonly CounterItem[],
  from: string,
  to: string,
): MonthlySummaryRow[] => {
  const totals = sumByMonth(days);
  return monthsBetween(from, to).map((month) => {
    const value = (field: string) => totals.get(month)?.[field] ?? 0;
    return {
      Month: month,
      Questionnaires: value('questionnaires'),
      Registrations: value('registrations'),
      IntroBooked: value('introBooked'),
      IntroDone: value('introDone'),
      FirstPaidVisits: value('firstPaidVisits'),
      PaidVisits: value('paidVisits'),
      Revenue: value('revenue'),
      Refunds: value('refunds'),
      Refunded: value('refunded'),
      Cancellations: value('cancellations'),
      CancellationsWithFee: value('cancellationsWithFee'),
    };
  });
};

/** The median of a histogram of whole days (the lower middle value for an even count). */
const medianOf = (histogram: ReadonlyMap<number, number>) => {
  const total = [...histogram.values()].reduce((sum, count) => sum + count, 0);
  if (!total) return null;
  const middle = Math.ceil(total / 2);
  let seen = 0;
  for (const days of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(days)!;
    if (seen >= middle) return days;
  }
  return null;
};

export const conversionTimeline = (cohorts: readonly CounterItem[]): ConversionCohort[] =>
  cohorts.map(({ sk, fields }) => {
    const counts = {} as Record<FunnelStepName, number>;
    const rates = {} as Record<FunnelStepName, number | null>;
    const medians = {} as Record<FunnelStepName, number | null>;
    FUNNEL_STEPS.forEach((step, index) => {
      counts[step] = Number(fields[step] ?? 0);
      const previous = index > 0 ? counts[FUNNEL_STEPS[index - 1]!] : 0;
      rates[step] = index > 0 && previous > 0 ? counts[step] / previous : null;
      const histogram = new Map<number, number>();
      if (index > 0)
        for (let days = 0; days <= MAX_GAP_DAYS; days += 1) {
          const count = Number(fields[gapField(index, days)] ?? 0);
          if (count) histogram.set(days, count);
        }
      medians[step] = medianOf(histogram);
    });
    return { Week: sk, Counts: counts, Rates: rates, MedianDays: medians };
  });

/** A pivot cell's key: `<YYYY-MM>#<nutritionist>#<type>#<status>#<source>`. */
const dimensionsOf = (sk: string): Record<PivotDimension, string> => {
  const [month, nutritionist, bookingType, status, source] = sk.split('#') as [
    string,
    string,
    string,
    string,
    string,
  ];
  return { month, nutritionist, bookingType, status, source };
};

export const pivotLabel = (dimension: PivotDimension, key: string, names: Names) => {
  switch (dimension) {
    case 'nutritionist':
      return names.get(key) || key;
    case 'bookingType':
      return BOOKING_TYPES[Number(key) as BookingTypeId]?.Name ?? key;
    case 'status':
      return BOOKING_STATUS_LABELS[Number(key) as BookingStatusId] ?? key;
    case 'source':
      return patientSourceLabels[key] ?? key;
    default:
      return key;
  }
};

export const pivotTable = (
  cells: readonly CounterItem[],
  options: { rows: PivotDimension; columns: PivotDimension; measure: PivotMeasure },
  names: Names,
): PivotTable => {
  const values = new Map<string, Map<string, number>>();
  const columnKeys = new Set<string>();
  for (const { sk, fields } of cells) {
    const amount = Number(fields[options.measure] ?? 0);
    if (!amount && !Number(fields.count ?? 0)) continue;
    const dimensions = dimensionsOf(sk);
    const row = dimensions[options.rows];
    const column = dimensions[options.columns];
    columnKeys.add(column);
    const line = values.get(row) ?? new Map<string, number>();
    line.set(column, (line.get(column) ?? 0) + amount);
    values.set(row, line);
  }
  const order = (dimension: PivotDimension, keys: Iterable<string>) =>
    [...keys]
      .map((key) => ({ Key: key, Label: pivotLabel(dimension, key, names) }))
      .sort((a, b) =>
        dimension === 'nutritionist' ? a.Label.localeCompare(b.Label, 'it') : a.Key.localeCompare(b.Key),
      );
  const rows = order(options.rows, values.keys());
  const columns = order(options.columns, columnKeys);
  const matrix = rows.map((row) => columns.map((column) => values.get(row.Key)?.get(column.Key) ?? 0));
  const rowTotals = matrix.map((line) => line.reduce((sum, value) => sum + value, 0));
  const columnTotals = columns.map((_, index) => matrix.reduce((sum, line) => sum + line[index]!, 0));
  return {
    Measure: options.measure,
    Rows: rows,
    Columns: columns,
    Values: matrix,
    RowTotals: rowTotals,
    ColumnTotals: columnTotals,
    Total: rowTotals.reduce((sum, value) => sum + value, 0),
  };
};

export const nutritionistConversionRates = (
  items: readonly CounterItem[],
  names: Names,
): NutritionistConversionRate[] => {
  const totals = new Map<string, Record<string, number>>();
  for (const { sk, fields } of items) {
    const nutritionist = sk.slice(8);
    const total = totals.get(nutritionist) ?? {};
    for (const [field, value] of Object.entries(fields)) total[field] = (total[field] ?? 0) + Number(value);
    totals.set(nutritionist, total);
  }
  return [...totals]
    .map(([id, total]) => {
      const value = (field: string) => total[field] ?? 0;
      return {
        NutritionistUserId: id,
        Name: names.get(id) || id,
        Patients: value('patients'),
        IntroDone: value('introDone'),
        IntroToPaid: value('introToPaid'),
        ConversionRate: value('introDone') ? value('introToPaid') / value('introDone') : null,
        ThreeVisits: value('threeVisits'),
        Cancellations: value('cancellations'),
        Ratings: value('ratings'),
        AverageRating: value('ratings') ? value('ratingHalves') / 2 / value('ratings') : null,
      };
    })
    .filter((rate) => rate.Patients || rate.Cancellations || rate.Ratings || rate.IntroDone)
    .sort((a, b) => a.Name.localeCompare(b.Name, 'it'));
};

export interface VisitRow {
  BookingId: number;
  PatientUserId: string;
  BookingTime: string;
  BookingTypeId: number;
  BookingStatusId: number;
}

/** A nutritionist's patients with their visits in the range, the longest without a visit first. */
/**
 * Every patient with a visit in the range, those longest without a visit held first (never held, then the
 * oldest last visit); ties by the first visit in the range, then by id, so that pages are stable without
 * reading every patient's name.
 */
export const patientTimeline = (
  visits: readonly VisitRow[],
  range: { fromInstant: string; toInstant: string },
): Omit<PatientTimelineRow, 'Name'>[] => {
  const byPatient = new Map<string, Omit<PatientTimelineRow, 'Name'>>();
  for (const visit of visits) {
    if (visit.BookingTime < range.fromInstant || visit.BookingTime >= range.toInstant) continue;
    const row = byPatient.get(visit.PatientUserId) ?? {
      PatientUserId: visit.PatientUserId,
      Visits: [],
      LastVisit: null,
    };
    row.Visits.push({
      BookingId: Number(visit.BookingId),
      BookingTime: visit.BookingTime,
      BookingTypeId: Number(visit.BookingTypeId),
      BookingStatusId: Number(visit.BookingStatusId),
    });
    if (
      Number(visit.BookingStatusId) === BookingStatus.COMPLETE &&
      (!row.LastVisit || row.LastVisit < visit.BookingTime)
    )
      row.LastVisit = visit.BookingTime;
    byPatient.set(visit.PatientUserId, row);
  }
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...byPatient.values()]
    .map((row) => ({ ...row, Visits: row.Visits.sort((a, b) => compare(a.BookingTime, b.BookingTime)) }))
    .sort(
      (a, b) =>
        compare(a.LastVisit ?? '', b.LastVisit ?? '') ||
        compare(a.Visits[0]!.BookingTime, b.Visits[0]!.BookingTime) ||
        compare(a.PatientUserId, b.PatientUserId),
    );
};

export const dailyPaymentDays = (
  days: readonly CounterItem[],
  from: string,
  to: string,
): DailyPaymentsDay[] => {
  const byDay = new Map(days.map(({ sk, fields }) => [sk, fields]));
  return daysBetweenDates(from, to).map((date) => {
    const fields = byDay.get(date) ?? {};
    const amount = Number(fields.revenue ?? 0);
    const refunded = Number(fields.refunded ?? 0);
    return {
      Date: date,
      Payments: Number(fields.payments ?? 0),
      Amount: amount,
      Refunds: Number(fields.refunds ?? 0),
      Refunded: refunded,
      Net: amount - refunded,
    };
  });
};

export const dailyPaymentEntries = (
  rows: readonly Record<string, string | number>[],
  names: Names,
): DailyPaymentEntry[] =>
  rows.map((row) => ({
    At: String(row.At),
    Kind: row.Kind === 'refund' ? 'refund' : 'payment',
    BookingId: Number(row.BookingId),
    PatientName: names.get(String(row.PatientUserId)) || String(row.PatientUserId),
    NutritionistName: names.get(String(row.NutritionistUserId)) || String(row.NutritionistUserId),
    Amount: Number(row.Amount),
  }));
