/**
 * The signed-in pages' routes with who may open each (docs/product.md#screens and #roles), loaded with the
 * signed-in areas (signed-in-routes.tsx): a visitor of the public site never downloads them.
 */
import { paths } from '../../paths';
import type { PageRoute } from '../route-table';
import { SignedInPages } from './pages';

export const SIGNED_IN_PAGE_ROUTES: readonly PageRoute[] = [
  { pattern: paths.account.profile.pattern, access: 'signedIn', page: SignedInPages.Profile },
  { pattern: paths.account.changePassword.pattern, access: 'signedIn', page: SignedInPages.ChangePassword },
  { pattern: paths.account.privacy.pattern, access: ['Patient'], page: SignedInPages.PrivacyCentre },
  { pattern: paths.chat.pattern, access: 'signedIn', page: SignedInPages.Chat },
  { pattern: paths.patients.home.pattern, access: ['Patient'], page: SignedInPages.PatientHome },
  { pattern: paths.patients.agenda.pattern, access: ['Patient'], page: SignedInPages.PatientAgenda },
  { pattern: paths.patients.booking.pattern, access: ['Patient'], page: SignedInPages.PatientBooking },
  {
    pattern: paths.patients.bookingSuccess.pattern,
    access: ['Patient'],
    page: SignedInPages.PatientBookingSuccess,
  },
  {
    pattern: paths.patients.bookingReview.pattern,
    access: ['Patient'],
    page: SignedInPages.PatientBookingReview,
  },
  { pattern: paths.patients.bookingVideoRoom.pattern, access: ['Patient'], page: SignedInPages.VideoRoom },
  { pattern: paths.patients.checkout.pattern, access: ['Patient'], page: SignedInPages.PatientCheckout },
  {
    pattern: paths.patients.testPayment.pattern,
    access: ['Patient'],
    page: SignedInPages.PatientTestPayment,
  },
  { pattern: paths.patients.invoices.pattern, access: ['Patient'], page: SignedInPages.PatientInvoices },
  {
    pattern: paths.patients.privacyService.pattern,
    access: ['Patient'],
    page: SignedInPages.PatientServicePrivacy,
  },
  {
    pattern: paths.patients.privacyNutritionist.pattern,
    access: ['Patient'],
    page: SignedInPages.PatientNutritionistPrivacy,
  },
  {
    pattern: paths.nutritionistArea.home.pattern,
    access: ['Nutritionist'],
    page: SignedInPages.NutritionistHome,
  },
  {
    pattern: paths.nutritionistArea.bookings.pattern,
    access: ['Nutritionist'],
    page: SignedInPages.NutritionistBookings,
  },
  {
    pattern: paths.nutritionistArea.booking.pattern,
    access: ['Nutritionist'],
    page: SignedInPages.NutritionistBooking,
  },
  {
    pattern: paths.nutritionistArea.videoRoom.pattern,
    access: ['Nutritionist'],
    page: SignedInPages.VideoRoom,
  },
  {
    pattern: paths.nutritionistArea.patientBookings.pattern,
    access: ['Nutritionist'],
    page: SignedInPages.NutritionistPatientBookings,
  },
  {
    pattern: paths.nutritionistArea.invoices.pattern,
    access: ['Nutritionist'],
    page: SignedInPages.NutritionistInvoices,
  },
  {
    pattern: paths.nutritionistArea.calendar.pattern,
    access: ['Nutritionist'],
    page: SignedInPages.NutritionistCalendar,
  },
  {
    pattern: paths.nutritionistArea.googleCalendarConnect.pattern,
    access: ['Nutritionist'],
    page: SignedInPages.NutritionistGoogleCalendar,
  },
  {
    pattern: paths.nutritionistArea.patients.pattern,
    access: ['Nutritionist'],
    page: SignedInPages.NutritionistPatients,
  },
  { pattern: paths.admin.home.pattern, access: ['BusinessAdmin'], page: SignedInPages.AdminHome },
  { pattern: paths.admin.content.pattern, access: ['BusinessAdmin'], page: SignedInPages.AdminContent },
  {
    pattern: paths.admin.contentNew.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminContentEdit,
  },
  {
    pattern: paths.admin.contentEdit.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminContentEdit,
  },
  { pattern: paths.admin.gallery.pattern, access: ['BusinessAdmin'], page: SignedInPages.AdminGallery },
  { pattern: paths.admin.tags.pattern, access: ['BusinessAdmin'], page: SignedInPages.AdminTags },
  {
    pattern: paths.admin.nutritionists.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminNutritionists,
  },
  {
    pattern: paths.admin.nutritionistProfile.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminNutritionistProfile,
  },
  {
    pattern: paths.admin.unassignedPatients.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminUnassignedPatients,
  },
  { pattern: paths.admin.reviews.pattern, access: ['BusinessAdmin'], page: SignedInPages.AdminReviews },
  { pattern: paths.admin.bookings.pattern, access: ['BusinessAdmin'], page: SignedInPages.AdminBookings },
  {
    pattern: paths.admin.bouncedMails.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminBouncedMails,
  },
  {
    pattern: paths.admin.patientEvents.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminPatientEvents,
  },
  {
    pattern: paths.admin.tallyWebhooks.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminTallyWebhooks,
  },
  { pattern: paths.admin.whatsapp.pattern, access: ['BusinessAdmin'], page: SignedInPages.AdminWhatsapp },
  { pattern: paths.admin.invoicing.pattern, access: ['BusinessAdmin'], page: SignedInPages.AdminInvoicing },
  {
    pattern: paths.admin.bookingsToInvoice.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminBookingsToInvoice,
  },
  { pattern: paths.admin.dashboard.pattern, access: ['BusinessAdmin'], page: SignedInPages.AdminDashboard },
  {
    pattern: paths.admin.dashboardMonthlySummary.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminDashboardMonthlySummary,
  },
  {
    pattern: paths.admin.dashboardConversionTimeline.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminDashboardConversionTimeline,
  },
  {
    pattern: paths.admin.dashboardPivot.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminDashboardPivot,
  },
  {
    pattern: paths.admin.dashboardNutritionistConversionRates.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminDashboardNutritionistConversionRates,
  },
  {
    pattern: paths.admin.dashboardNutritionistPatientTimeline.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminDashboardNutritionistPatientTimeline,
  },
  {
    pattern: paths.admin.dashboardDailyPayments.pattern,
    access: ['BusinessAdmin'],
    page: SignedInPages.AdminDashboardDailyPayments,
  },
  { pattern: paths.users.home.pattern, access: ['UserManager'], page: SignedInPages.UsersHome },
  { pattern: paths.users.list.pattern, access: ['UserManager'], page: SignedInPages.UsersList },
  { pattern: paths.users.edit.pattern, access: ['UserManager'], page: SignedInPages.UsersEdit },
  { pattern: paths.system.home.pattern, access: ['SystemAdmin'], page: SignedInPages.SystemHome },
  { pattern: paths.system.chatViewer.pattern, access: ['SystemAdmin'], page: SignedInPages.SystemChatViewer },
  {
    pattern: paths.system.emailTemplates.pattern,
    access: ['SystemAdmin'],
    page: SignedInPages.SystemEmailTemplates,
  },
  { pattern: paths.system.audit.pattern, access: ['SystemAdmin'], page: SignedInPages.SystemAudit },
  { pattern: paths.system.contracts.pattern, access: ['SystemAdmin'], page: SignedInPages.SystemContracts },
  { pattern: paths.system.logViewer.pattern, access: ['SystemAdmin'], page: SignedInPages.SystemLogViewer },
  {
    pattern: paths.system.privacyRequests.pattern,
    access: ['SystemAdmin'],
    page: SignedInPages.SystemPrivacyRequests,
  },
];
