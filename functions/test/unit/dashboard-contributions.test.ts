/**
 * The dashboards' contributions and views (docs/product.md#business-dashboards) as pure functions: what one
 * patient's facts add to the counters, that the same facts add nothing a second time, and how the views read
 * the counters (months filled, medians from the day histograms, pivot totals).
 */
import { describe, expect, it } from 'vitest';
import { BookingStatus, BookingType, PATIENT_TIMELINE_PAGE_SIZE, romeDate } from '@nutri/shared';
import type { BookingFact, PatientFact, QuestionnaireFact } from '../../src/platform/dashboard-facts';
import {
  COHORT_PARTITION,
  DAY_PARTITION,
  aggregateKey,
  contributionChange,
  contributionOf,
  romeDay,
  weekOf,
} from '../../src/dashboards/contributions';
import { dashboardViews, memorySource } from '../../src/dashboards/dashboard-views';
import { recompute } from '../../src/dashboards/rebuild';
import { conversionTimeline, monthlySummary, pivotTable } from '../../src/dashboards/views';

const patient: PatientFact = {
  kind: 'patient',
  id: 'p1',
  revision: '1',
  subject: 'p1',
  RegisteredAt: '2026-03-03T10:00:00Z',
  QuestionnaireAt: '2026-03-02T10:00:00Z',
  NutritionistUserId: 'n1',
  Source: 'questionnaire',
};
const booking = (id: number, overrides: Partial<BookingFact>): BookingFact => ({
  kind: 'booking',
  id: String(id),
  revision: '1',
  subject: 'p1',
  BookingId: id,
  NutritionistUserId: 'n1',
  BookingTypeId: BookingType.NORMAL,
  BookingStatusId: BookingStatus.COMPLETE,
  BookingTime: '2026-03-20T09:00:00Z',
  CreatedAt: '2026-03-05T09:00:00Z',
  PaidAt: '2026-03-06T09:00:00Z',
  AmountPaid: 5500,
  RefundedAt: null,
  RefundAmount: 0,
  ...overrides,
});
const facts = {
  'patient:p1': patient,
  'booking:1': booking(1, {
    BookingTypeId: BookingType.FREE,
    PaidAt: null,
    AmountPaid: 0,
    BookingTime: '2026-03-10T09:00:00Z',
  }),
  'booking:2': booking(2, {}),
  'booking:3': booking(3, {
    BookingStatusId: BookingStatus.CANCELLED,
    BookingTime: '2026-04-20T09:00:00Z',
    RefundedAt: '2026-04-10T09:00:00Z',
    RefundAmount: 5500,
  }),
};

describe('dashboard contributions', () => {
  it('weeks start on Monday', () => {
    expect(weekOf('2026-03-02')).toBe('2026-03-02');
    expect(weekOf('2026-03-08')).toBe('2026-03-02');
    expect(weekOf('2026-03-09')).toBe('2026-03-09');
  });

  it('dates an instant on the Rome calendar as romeDate does, across both daylight-saving changes', () => {
    const instants = ['2026-03-28T22:59:59.999Z', '2026-03-28T23:00:00.000Z', '2026-10-24T21:59:59Z'];
    instants.push('2026-10-24T22:00:00Z', '2026-12-31T23:30:00.000Z', '2026-06-30T21:59:00+00:00');
    // Every 7 hours over a year: every hour of the day, both offsets.
    for (let hour = 0; hour < 365 * 24; hour += 7)
      instants.push(new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000).toISOString());
    for (const instant of instants) expect(romeDay(instant), instant).toBe(romeDate(instant));
    expect(romeDay('2026-03-28T23:00:00.000Z')).toBe('2026-03-29');
    expect(romeDay('2026-10-24T22:00:00Z')).toBe('2026-10-25');
  });

  it('counts one patient once, and the same facts again change nothing', () => {
    const contribution = contributionOf(facts);
    expect(contribution.counters[aggregateKey(DAY_PARTITION, '2026-03-20')]).toEqual({
      paidVisits: 1,
      firstPaidVisits: 1,
    });
    expect(contribution.counters[aggregateKey(DAY_PARTITION, '2026-04-20')]).toEqual({ cancellations: 1 });
    expect(contribution.counters[aggregateKey(DAY_PARTITION, '2026-04-10')]).toEqual({
      refunds: 1,
      refunded: 5500,
    });
    expect(contribution.counters[aggregateKey(COHORT_PARTITION, '2026-03-02')]).toMatchObject({
      questionnaire: 1,
      registered: 1,
      introBooked: 1,
      introDone: 1,
      firstPaid: 1,
      g1_1: 1,
      g4_10: 1,
    });
    expect(contributionChange(contribution, contributionOf({ ...facts }))).toEqual({
      deltas: {},
      puts: {},
      deletes: [],
    });
    // The cancelled visit moved to May: April loses it, May gains it, nothing else changes.
    const moved = contributionOf({
      ...facts,
      'booking:3': { ...facts['booking:3'], BookingTime: '2026-05-04T09:00:00Z' },
    });
    const change = contributionChange(contribution, moved);
    expect(change.deltas[aggregateKey(DAY_PARTITION, '2026-04-20')]).toEqual({ cancellations: -1 });
    expect(change.deltas[aggregateKey(DAY_PARTITION, '2026-05-04')]).toEqual({ cancellations: 1 });
  });

  it('views read the counters: months filled with zeros, medians, pivot totals', () => {
    const lone: QuestionnaireFact = {
      kind: 'questionnaire',
      id: 'q2',
      revision: '0',
      subject: 'Qq2',
      ReceivedAt: '2026-03-04T10:00:00Z',
      PatientUserId: null,
    };
    const { counters } = recompute([...Object.values(facts), lone]);
    const items = (pk: string) =>
      Object.entries(counters)
        .filter(([key]) => key.startsWith(`${pk}\t`))
        .map(([key, fields]) => ({ sk: key.split('\t')[1]!, fields }))
        .sort((a, b) => a.sk.localeCompare(b.sk));
    // The patient's own questionnaire is its submission's fact (not given here); the lone one is counted.
    const months = monthlySummary(items(DAY_PARTITION), '2026-02', '2026-04');
    expect(
      months.map((month) => [month.Month, month.Questionnaires, month.PaidVisits, month.Revenue]),
    ).toEqual([
      ['2026-02', 0, 0, 0],
      ['2026-03', 1, 1, 11000],
      ['2026-04', 0, 0, 0],
    ]);
    const [cohort] = conversionTimeline(items(COHORT_PARTITION));
    expect(cohort).toMatchObject({
      Week: '2026-03-02',
      Counts: { questionnaire: 2, registered: 1, introDone: 1, firstPaid: 1, secondPaid: 0 },
      Rates: { registered: 0.5, secondPaid: 0 },
      MedianDays: { registered: 1, firstPaid: 10, secondPaid: null },
    });
    const pivot = pivotTable(
      items('DASH#PIVOT'),
      { rows: 'status', columns: 'month', measure: 'revenue' },
      new Map(),
    );
    expect(pivot.Columns.map((column) => column.Key)).toEqual(['2026-03', '2026-04']);
    expect(pivot.Total).toBe(5500);
  });
});

describe('the patient timeline', () => {
  // 30 patients of one nutritionist: p00..p09 never held a visit in the range, p10..p29 held one on the
  // 1st..20th of March; each has one visit, and names are read for the page shown only.
  const visitsPartition = 'DASH#VISITS#n1';
  const rows: Record<string, Record<string, string | number>> = {};
  for (let index = 0; index < 30; index += 1) {
    const patientId = `p${String(index).padStart(2, '0')}`;
    const held = index >= 10;
    const time = `2026-03-${String(held ? index - 9 : 25).padStart(2, '0')}T09:00:00.000Z`;
    rows[aggregateKey(visitsPartition, `${patientId}#${time}#${index}`)] = {
      BookingId: index,
      PatientUserId: patientId,
      BookingTime: time,
      BookingTypeId: BookingType.NORMAL,
      BookingStatusId: held ? BookingStatus.COMPLETE : BookingStatus.BOOKED,
    };
  }
  const namesAsked: string[][] = [];
  const views = dashboardViews(
    memorySource({}, rows, (ids) => {
      namesAsked.push([...ids]);
      return Promise.resolve(new Map(ids.map((id) => [id, `Nome ${id}`])));
    }),
  );
  const query = { nutritionistUserId: 'n1', from: '2026-03-01', to: '2026-03-31' };

  it('pages the patients, those longest without a visit held first, reading the names of the page only', async () => {
    const first = await views.patientTimeline(query);
    const second = await views.patientTimeline({ ...query, page: 2 });
    expect(first).toMatchObject({ PatientCount: 30, Page: 1, PageSize: PATIENT_TIMELINE_PAGE_SIZE });
    expect(first.Patients).toHaveLength(PATIENT_TIMELINE_PAGE_SIZE);
    expect(second.Patients).toHaveLength(30 - PATIENT_TIMELINE_PAGE_SIZE);
    const order = [...first.Patients, ...second.Patients].map((row) => row.PatientUserId);
    expect(order).toEqual(Array.from({ length: 30 }, (_, index) => `p${String(index).padStart(2, '0')}`));
    expect(second.Patients[0]).toMatchObject({ Name: 'Nome p25', LastVisit: '2026-03-16T09:00:00.000Z' });
    expect(namesAsked.map((ids) => ids.length)).toEqual([
      PATIENT_TIMELINE_PAGE_SIZE + 1,
      30 - PATIENT_TIMELINE_PAGE_SIZE + 1,
    ]);
    expect((await views.patientTimeline({ ...query, page: 3 })).Patients).toEqual([]);
  });
});
