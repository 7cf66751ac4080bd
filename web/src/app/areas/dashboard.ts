/** Business dashboards chunk (/Admin/Dashboard...): apart from the admin area, since it carries the charts. */
import '../../styles/all';
export {
  DashboardHomePage,
  MonthlySummaryPage,
  ConversionTimelinePage,
  PivotPage,
  NutritionistConversionRatesPage,
  NutritionistPatientTimelinePage,
  DailyPaymentsPage,
} from '../../features/admin/pages';
