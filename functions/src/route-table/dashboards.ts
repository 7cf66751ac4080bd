/** The dashboards area's routes, all its Lambda reads at start (the whole table: functions/src/routes.ts). */
import { api, type RestRoute } from './types';

// The business dashboards (docs/product.md#business-dashboards): six read-only views for the BusinessAdmin.
export const dashboardsRestRoutes = [
  {
    method: 'GET',
    path: api('Admin/Dashboard/MonthlySummary'),
    area: 'dashboards',
    operation: 'getMonthlySummary',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Dashboard/ConversionTimeline'),
    area: 'dashboards',
    operation: 'getConversionTimeline',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Dashboard/Pivot'),
    area: 'dashboards',
    operation: 'getPivot',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Dashboard/NutritionistConversionRates'),
    area: 'dashboards',
    operation: 'getNutritionistConversionRates',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Dashboard/NutritionistPatientTimeline'),
    area: 'dashboards',
    operation: 'getNutritionistPatientTimeline',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Dashboard/DailyPayments'),
    area: 'dashboards',
    operation: 'getDailyPayments',
    access: ['BusinessAdmin'],
  },
] as const satisfies readonly RestRoute[];

export const dashboardsRoutes = { area: 'dashboards', rest: dashboardsRestRoutes, webSocket: [] } as const;
