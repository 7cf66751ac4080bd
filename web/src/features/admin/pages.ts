/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { AdminContentPage } from './content/pages/admin-content-page';
export { AdminTagsPage } from './content/pages/admin-tags-page';
export { GalleryPage } from './content/pages/gallery-page';
export { StaticContentEditPage } from './content/pages/static-content-edit-page';
export { AdminNutritionistProfilePage } from './nutritionists/pages/admin-nutritionist-profile-page';
export { AdminNutritionistsPage } from './nutritionists/pages/admin-nutritionists-page';
export { AdminHomePage } from './pages/admin-home-page';
export { AdminReviewsPage } from './reviews/pages/admin-reviews-page';
export { UnassignedPatientsPage } from './unassigned-patients/pages/unassigned-patients-page';
export { AdminBookingsPage } from './bookings/pages/admin-bookings-page';
export { BouncedMailsPage } from './operations/pages/bounced-mails-page';
export { PatientEventsPage } from './operations/pages/patient-events-page';
export { TallyWebhooksPage } from './operations/pages/tally-webhooks-page';
export { WhatsAppLogPage } from './operations/pages/whatsapp-log-page';
export { AdminInvoicingPage } from './invoicing/pages/admin-invoicing-page';
export { BookingsToInvoicePage } from './invoicing/pages/bookings-to-invoice-page';
export {
  DashboardHomePage,
  MonthlySummaryPage,
  ConversionTimelinePage,
  PivotPage,
  NutritionistConversionRatesPage,
  NutritionistPatientTimelinePage,
  DailyPaymentsPage,
} from './dashboard/pages/dashboard-pages';
