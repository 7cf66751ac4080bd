/** The pages of the signed-in areas, lazily loaded per area; the routes of signed-in-routes.tsx show them. */
import { lazyPage } from '../lazy-page';

const accountArea = () => import('../areas/account');
const patientArea = () => import('../areas/patient');
const nutritionistArea = () => import('../areas/nutritionist');
const adminArea = () => import('../areas/admin');
const dashboardArea = () => import('../areas/dashboard');
const usersArea = () => import('../areas/users');
const systemArea = () => import('../areas/system');
const chatArea = () => import('../areas/chat');
const videoArea = () => import('../areas/video');

export const SignedInPages = {
  Profile: lazyPage(accountArea, 'ProfilePage'),
  ChangePassword: lazyPage(accountArea, 'ChangePasswordPage'),
  PrivacyCentre: lazyPage(accountArea, 'PrivacyCentrePage'),
  PatientHome: lazyPage(patientArea, 'PatientHomePage'),
  PatientAgenda: lazyPage(patientArea, 'PatientAgendaPage'),
  PatientBooking: lazyPage(patientArea, 'PatientBookingPage'),
  PatientBookingSuccess: lazyPage(patientArea, 'BookingSuccessPage'),
  PatientBookingReview: lazyPage(patientArea, 'BookingReviewPage'),
  PatientCheckout: lazyPage(patientArea, 'LocalCheckoutPage'),
  PatientTestPayment: lazyPage(patientArea, 'TestPaymentPage'),
  PatientInvoices: lazyPage(patientArea, 'PatientInvoicesPage'),
  PatientServicePrivacy: lazyPage(patientArea, 'ServicePrivacyPage'),
  PatientNutritionistPrivacy: lazyPage(patientArea, 'NutritionistPrivacyPage'),
  NutritionistHome: lazyPage(nutritionistArea, 'NutritionistHomePage'),
  NutritionistBookings: lazyPage(nutritionistArea, 'NutritionistBookingsPage'),
  NutritionistBooking: lazyPage(nutritionistArea, 'NutritionistBookingPage'),
  NutritionistPatientBookings: lazyPage(nutritionistArea, 'PatientBookingsPage'),
  NutritionistCalendar: lazyPage(nutritionistArea, 'CalendarPage'),
  NutritionistGoogleCalendar: lazyPage(nutritionistArea, 'GoogleCalendarPage'),
  NutritionistPatients: lazyPage(nutritionistArea, 'PatientsPage'),
  NutritionistInvoices: lazyPage(nutritionistArea, 'NutritionistInvoicesPage'),
  AdminHome: lazyPage(adminArea, 'AdminHomePage'),
  AdminContent: lazyPage(adminArea, 'AdminContentPage'),
  AdminContentEdit: lazyPage(adminArea, 'StaticContentEditPage'),
  AdminGallery: lazyPage(adminArea, 'GalleryPage'),
  AdminTags: lazyPage(adminArea, 'AdminTagsPage'),
  AdminNutritionists: lazyPage(adminArea, 'AdminNutritionistsPage'),
  AdminNutritionistProfile: lazyPage(adminArea, 'AdminNutritionistProfilePage'),
  AdminUnassignedPatients: lazyPage(adminArea, 'UnassignedPatientsPage'),
  AdminReviews: lazyPage(adminArea, 'AdminReviewsPage'),
  AdminBookings: lazyPage(adminArea, 'AdminBookingsPage'),
  AdminBouncedMails: lazyPage(adminArea, 'BouncedMailsPage'),
  AdminPatientEvents: lazyPage(adminArea, 'PatientEventsPage'),
  AdminTallyWebhooks: lazyPage(adminArea, 'TallyWebhooksPage'),
  AdminWhatsapp: lazyPage(adminArea, 'WhatsAppLogPage'),
  AdminInvoicing: lazyPage(adminArea, 'AdminInvoicingPage'),
  AdminBookingsToInvoice: lazyPage(adminArea, 'BookingsToInvoicePage'),
  AdminDashboard: lazyPage(dashboardArea, 'DashboardHomePage'),
  AdminDashboardMonthlySummary: lazyPage(dashboardArea, 'MonthlySummaryPage'),
  AdminDashboardConversionTimeline: lazyPage(dashboardArea, 'ConversionTimelinePage'),
  AdminDashboardPivot: lazyPage(dashboardArea, 'PivotPage'),
  AdminDashboardNutritionistConversionRates: lazyPage(dashboardArea, 'NutritionistConversionRatesPage'),
  AdminDashboardNutritionistPatientTimeline: lazyPage(dashboardArea, 'NutritionistPatientTimelinePage'),
  AdminDashboardDailyPayments: lazyPage(dashboardArea, 'DailyPaymentsPage'),
  UsersHome: lazyPage(usersArea, 'UsersHomePage'),
  UsersList: lazyPage(usersArea, 'UserListPage'),
  UsersEdit: lazyPage(usersArea, 'EditUserPage'),
  SystemHome: lazyPage(systemArea, 'SystemHomePage'),
  SystemChatViewer: lazyPage(systemArea, 'ChatViewerPage'),
  SystemEmailTemplates: lazyPage(systemArea, 'EmailTemplatesPage'),
  SystemAudit: lazyPage(systemArea, 'AuditPage'),
  SystemContracts: lazyPage(systemArea, 'ContractsPage'),
  SystemLogViewer: lazyPage(systemArea, 'LogViewerPage'),
  SystemPrivacyRequests: lazyPage(systemArea, 'PrivacyRequestsPage'),
  Chat: lazyPage(chatArea, 'ChatPage'),
  VideoRoom: lazyPage(videoArea, 'VideoRoomPage'),
};
