/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { BookingReviewPage } from './pages/booking-review-page';
export { BookingSuccessPage } from './pages/booking-success-page';
export { PatientAgendaPage } from './pages/patient-agenda-page';
export { PatientBookingPage } from './pages/patient-booking-page';
export { PatientHomePage } from './pages/patient-home-page';
export { PatientInvoicesPage } from './pages/patient-invoices-page';
