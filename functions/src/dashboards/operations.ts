/** The dashboards' API (docs/product.md#business-dashboards): each view read from the stored aggregates. */
import {
  dailyPaymentsQuerySchema,
  dayRangeSchema,
  monthRangeSchema,
  patientTimelineQuerySchema,
  pivotQuerySchema,
} from '@nutri/shared';
import { getUserNames } from '../accounts';
import { defineOperation } from '../http/operation';
import { readCounters, readRows } from './aggregates-repo';
import { dashboardViews } from './dashboard-views';

const views = dashboardViews({
  counters: readCounters,
  rows: (pk) => readRows(pk),
  names: async (ids) =>
    new Map([...(await getUserNames(ids))].map(([id, user]) => [id, user.DisplayName] as const)),
});

export const getMonthlySummary = defineOperation(
  ['BusinessAdmin'],
  { query: monthRangeSchema },
  ({ query }) => views.monthlySummary(query),
);

export const getConversionTimeline = defineOperation(
  ['BusinessAdmin'],
  { query: dayRangeSchema },
  ({ query }) => views.conversionTimeline(query),
);

export const getPivot = defineOperation(['BusinessAdmin'], { query: pivotQuerySchema }, ({ query }) =>
  views.pivot(query),
);

export const getNutritionistConversionRates = defineOperation(
  ['BusinessAdmin'],
  { query: monthRangeSchema },
  ({ query }) => views.nutritionistConversionRates(query),
);

export const getNutritionistPatientTimeline = defineOperation(
  ['BusinessAdmin'],
  { query: patientTimelineQuerySchema },
  ({ query }) => views.patientTimeline(query),
);

export const getDailyPayments = defineOperation(
  ['BusinessAdmin'],
  { query: dailyPaymentsQuerySchema },
  ({ query }) => views.dailyPayments(query),
);
