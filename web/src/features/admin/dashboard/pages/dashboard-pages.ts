/** The business dashboards' pages (docs/product.md#business-dashboards). */
export { DashboardHomePage } from './dashboard-home-page';
export { MonthlySummaryPage } from './monthly-summary-page';
export { ConversionTimelinePage } from './conversion-timeline-page';
export { PivotPage } from './pivot-page';
export { NutritionistConversionRatesPage } from './nutritionist-conversion-rates-page';
export { NutritionistPatientTimelinePage } from './nutritionist-patient-timeline-page';
export { DailyPaymentsPage } from './daily-payments-page';
