/**
 * Every page route with who may open it (docs/product.md#screens and #roles). The router is built from this table,
 * grouped by access, so the guard rule of a page is written in exactly one place.
 */
import type { ComponentType } from 'react';
import type { RouteAccess } from '../features/auth';
import { paths } from '../paths';
import { Pages } from './pages';

export interface PageRoute {
  pattern: string;
  access: RouteAccess;
  page: ComponentType;
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  // Public
  { pattern: paths.login.pattern, access: 'public', page: Pages.Login },
  { pattern: paths.recoverPassword.pattern, access: 'public', page: Pages.RecoverPassword },
  { pattern: paths.resetPassword.pattern, access: 'public', page: Pages.ResetPassword },
  { pattern: paths.unsubscribe.pattern, access: 'public', page: Pages.Unsubscribe },
  { pattern: paths.acceptInvitation.pattern, access: 'public', page: Pages.AcceptInvitation },
  { pattern: paths.confirmEmail.pattern, access: 'public', page: Pages.ConfirmEmail },
  { pattern: paths.findNutritionist.pattern, access: 'public', page: Pages.FindNutritionist },
  { pattern: paths.thanks.pattern, access: 'public', page: Pages.Thanks },
  { pattern: paths.verifyEmail.pattern, access: 'public', page: Pages.VerifyEmail },
  { pattern: paths.googleAuth.pattern, access: 'public', page: Pages.GoogleAuth },
  { pattern: paths.nutritionists.list.pattern, access: 'public', page: Pages.Nutritionists },
  { pattern: paths.nutritionists.profile.pattern, access: 'public', page: Pages.NutritionistProfile },
  { pattern: paths.blog.list.pattern, access: 'public', page: Pages.Blog },
  { pattern: paths.blog.article.pattern, access: 'public', page: Pages.Article },
  { pattern: paths.faq.pattern, access: 'public', page: Pages.Faq },
  { pattern: paths.contact.pattern, access: 'public', page: Pages.Contact },
  { pattern: paths.about.pattern, access: 'public', page: Pages.About },
  { pattern: paths.joinTeam.pattern, access: 'public', page: Pages.JoinTeam },
  { pattern: paths.privacyGoogleCalendar.pattern, access: 'public', page: Pages.PrivacyGoogleCalendar },
  { pattern: paths.termsGoogleCalendar.pattern, access: 'public', page: Pages.TermsGoogleCalendar },
  { pattern: paths.notFound.pattern, access: 'public', page: Pages.NotFound },
  // Any signed-in user
  { pattern: paths.account.profile.pattern, access: 'signedIn', page: Pages.Profile },
  { pattern: paths.account.changePassword.pattern, access: 'signedIn', page: Pages.ChangePassword },
  { pattern: paths.account.privacy.pattern, access: ['Patient'], page: Pages.PrivacyCentre },
  { pattern: paths.chat.pattern, access: 'signedIn', page: Pages.Chat },
  // Roles
  { pattern: paths.patients.home.pattern, access: ['Patient'], page: Pages.PatientHome },
  { pattern: paths.patients.agenda.pattern, access: ['Patient'], page: Pages.PatientAgenda },
  { pattern: paths.patients.booking.pattern, access: ['Patient'], page: Pages.PatientBooking },
  {
    pattern: paths.patients.bookingSuccess.pattern,
    access: ['Patient'],
    page: Pages.PatientBookingSuccess,
  },
  { pattern: paths.patients.bookingReview.pattern, access: ['Patient'], page: Pages.PatientBookingReview },
  { pattern: paths.patients.bookingVideoRoom.pattern, access: ['Patient'], page: Pages.VideoRoom },
  { pattern: paths.patients.checkout.pattern, access: ['Patient'], page: Pages.PatientCheckout },
  { pattern: paths.patients.testPayment.pattern, access: ['Patient'], page: Pages.PatientTestPayment },
  { pattern: paths.patients.invoices.pattern, access: ['Patient'], page: Pages.PatientInvoices },
  { pattern: paths.patients.privacyService.pattern, access: ['Patient'], page: Pages.PatientServicePrivacy },
  {
    pattern: paths.patients.privacyNutritionist.pattern,
    access: ['Patient'],
    page: Pages.PatientNutritionistPrivacy,
  },
  { pattern: paths.nutritionistArea.home.pattern, access: ['Nutritionist'], page: Pages.NutritionistHome },
  {
    pattern: paths.nutritionistArea.bookings.pattern,
    access: ['Nutritionist'],
    page: Pages.NutritionistBookings,
  },
  {
    pattern: paths.nutritionistArea.booking.pattern,
    access: ['Nutritionist'],
    page: Pages.NutritionistBooking,
  },
  { pattern: paths.nutritionistArea.videoRoom.pattern, access: ['Nutritionist'], page: Pages.VideoRoom },
  {
    pattern: paths.nutritionistArea.patientBookings.pattern,
    access: ['Nutritionist'],
    page: Pages.NutritionistPatientBookings,
  },
  {
    pattern: paths.nutritionistArea.invoices.pattern,
    access: ['Nutritionist'],
    page: Pages.NutritionistInvoices,
  },
  {
    pattern: paths.nutritionistArea.calendar.pattern,
    access: ['Nutritionist'],
    page: Pages.NutritionistCalendar,
  },
  {
    pattern: paths.nutritionistArea.googleCalendarConnect.pattern,
    access: ['Nutritionist'],
    page: Pages.NutritionistGoogleCalendar,
  },
  {
    pattern: paths.nutritionistArea.patients.pattern,
    access: ['Nutritionist'],
    page: Pages.NutritionistPatients,
  },
  { pattern: paths.admin.home.pattern, access: ['BusinessAdmin'], page: Pages.AdminHome },
  { pattern: paths.admin.content.pattern, access: ['BusinessAdmin'], page: Pages.AdminContent },
  { pattern: paths.admin.contentNew.pattern, access: ['BusinessAdmin'], page: Pages.AdminContentEdit },
  { pattern: paths.admin.contentEdit.pattern, access: ['BusinessAdmin'], page: Pages.AdminContentEdit },
  { pattern: paths.admin.gallery.pattern, access: ['BusinessAdmin'], page: Pages.AdminGallery },
  { pattern: paths.admin.tags.pattern, access: ['BusinessAdmin'], page: Pages.AdminTags },
  { pattern: paths.admin.nutritionists.pattern, access: ['BusinessAdmin'], page: Pages.AdminNutritionists },
  {
    pattern: paths.admin.nutritionistProfile.pattern,
    access: ['BusinessAdmin'],
    page: Pages.AdminNutritionistProfile,
  },
  {
    pattern: paths.admin.unassignedPatients.pattern,
    access: ['BusinessAdmin'],
    page: Pages.AdminUnassignedPatients,
  },
  { pattern: paths.admin.reviews.pattern, access: ['BusinessAdmin'], page: Pages.AdminReviews },
  { pattern: paths.admin.bookings.pattern, access: ['BusinessAdmin'], page: Pages.AdminBookings },
  { pattern: paths.admin.bouncedMails.pattern, access: ['BusinessAdmin'], page: Pages.AdminBouncedMails },
  { pattern: paths.admin.patientEvents.pattern, access: ['BusinessAdmin'], page: Pages.AdminPatientEvents },
  { pattern: paths.admin.tallyWebhooks.pattern, access: ['BusinessAdmin'], page: Pages.AdminTallyWebhooks },
  { pattern: paths.admin.whatsapp.pattern, access: ['BusinessAdmin'], page: Pages.AdminWhatsapp },
  // No role is shown for the invoicing screens; BusinessAdmin only (docs/decisions/0026-invoicing.md).
  { pattern: paths.admin.invoicing.pattern, access: ['BusinessAdmin'], page: Pages.AdminInvoicing },
  {
    pattern: paths.admin.bookingsToInvoice.pattern,
    access: ['BusinessAdmin'],
    page: Pages.AdminBookingsToInvoice,
  },
  { pattern: paths.admin.dashboard.pattern, access: ['BusinessAdmin'], page: Pages.AdminDashboard },
  {
    pattern: paths.admin.dashboardMonthlySummary.pattern,
    access: ['BusinessAdmin'],
    page: Pages.AdminDashboardMonthlySummary,
  },
  {
    pattern: paths.admin.dashboardConversionTimeline.pattern,
    access: ['BusinessAdmin'],
    page: Pages.AdminDashboardConversionTimeline,
  },
  { pattern: paths.admin.dashboardPivot.pattern, access: ['BusinessAdmin'], page: Pages.AdminDashboardPivot },
  {
    pattern: paths.admin.dashboardNutritionistConversionRates.pattern,
    access: ['BusinessAdmin'],
    page: Pages.AdminDashboardNutritionistConversionRates,
  },
  {
    pattern: paths.admin.dashboardNutritionistPatientTimeline.pattern,
    access: ['BusinessAdmin'],
    page: Pages.AdminDashboardNutritionistPatientTimeline,
  },
  {
    pattern: paths.admin.dashboardDailyPayments.pattern,
    access: ['BusinessAdmin'],
    page: Pages.AdminDashboardDailyPayments,
  },
  { pattern: paths.users.home.pattern, access: ['UserManager'], page: Pages.UsersHome },
  { pattern: paths.users.list.pattern, access: ['UserManager'], page: Pages.UsersList },
  { pattern: paths.users.edit.pattern, access: ['UserManager'], page: Pages.UsersEdit },
  { pattern: paths.system.home.pattern, access: ['SystemAdmin'], page: Pages.SystemHome },
  { pattern: paths.system.chatViewer.pattern, access: ['SystemAdmin'], page: Pages.SystemChatViewer },
  { pattern: paths.system.emailTemplates.pattern, access: ['SystemAdmin'], page: Pages.SystemEmailTemplates },
  { pattern: paths.system.audit.pattern, access: ['SystemAdmin'], page: Pages.SystemAudit },
  { pattern: paths.system.contracts.pattern, access: ['SystemAdmin'], page: Pages.SystemContracts },
  { pattern: paths.system.logViewer.pattern, access: ['SystemAdmin'], page: Pages.SystemLogViewer },
  {
    pattern: paths.system.privacyRequests.pattern,
    access: ['SystemAdmin'],
    page: Pages.SystemPrivacyRequests,
  },
];

/** Stable grouping key of an access rule ('public', 'signedIn', 'Patient', 'BusinessAdmin|UserManager'). */
export const accessKey = (access: RouteAccess) =>
  typeof access === 'string' ? access : [...access].sort().join('|');
