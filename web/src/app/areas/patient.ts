/** Patient area chunk (/Patients...). */
import '../../styles/all';
export { PatientAgendaPage } from '../../features/patient/pages/patient-agenda-page';
export { PatientBookingPage } from '../../features/patient/pages/patient-booking-page';
export { BookingSuccessPage } from '../../features/patient/pages/booking-success-page';
export { BookingReviewPage } from '../../features/patient/pages/booking-review-page';
export { LocalCheckoutPage } from '../../features/payments/pages/local-checkout-page';
export { TestPaymentPage } from '../../features/payments/pages/test-payment-page';
export { PatientHomePage } from '../../features/onboarding/pages/patient-home-page';
export {
  NutritionistPrivacyPage,
  ServicePrivacyPage,
} from '../../features/onboarding/pages/privacy-contract-page';
