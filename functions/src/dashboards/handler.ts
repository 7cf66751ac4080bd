/** Lambda entry of the `dashboards` area: the six business dashboard views of the back office. */
import { createAreaHandler, lazyOperation } from '../http/area-handler';
import { dashboardsRoutes } from '../route-table/dashboards';
import { isSessionActive } from '../accounts/start';

const loadOperations = () => import('./operations');

export const handler = createAreaHandler(
  dashboardsRoutes,
  {
    rest: {
      getMonthlySummary: lazyOperation(loadOperations, 'getMonthlySummary'),
      getConversionTimeline: lazyOperation(loadOperations, 'getConversionTimeline'),
      getPivot: lazyOperation(loadOperations, 'getPivot'),
      getNutritionistConversionRates: lazyOperation(loadOperations, 'getNutritionistConversionRates'),
      getNutritionistPatientTimeline: lazyOperation(loadOperations, 'getNutritionistPatientTimeline'),
      getDailyPayments: lazyOperation(loadOperations, 'getDailyPayments'),
    },
    webSocket: {},
  },
  isSessionActive,
);
