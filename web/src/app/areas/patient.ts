/** Patient area chunk (/Patients...). */
import '../../styles/all';
export { PatientAgendaPage } from '../../features/patient/pages';
export { PatientBookingPage } from '../../features/patient/pages';
export { BookingSuccessPage } from '../../features/patient/pages';
export { BookingReviewPage } from '../../features/patient/pages';
export { LocalCheckoutPage } from '../../features/payments/pages';
export { TestPaymentPage } from '../../features/payments/pages';
export { PatientHomePage } from '../../features/patient/pages';
export { PatientInvoicesPage } from '../../features/patient/pages';
export { NutritionistPrivacyPage, ServicePrivacyPage } from '../../features/onboarding/pages';
