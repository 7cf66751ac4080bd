/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { CalendarPage } from './pages/calendar-page';
export { GoogleCalendarPage } from './pages/google-calendar-page';
export { NutritionistBookingPage } from './pages/nutritionist-booking-page';
export { NutritionistBookingsPage } from './pages/nutritionist-bookings-page';
export { NutritionistHomePage } from './pages/nutritionist-home-page';
export { PatientBookingsPage } from './pages/patient-bookings-page';
export { PatientsPage } from './pages/patients-page';
export { NutritionistInvoicesPage } from './pages/invoices-page';
