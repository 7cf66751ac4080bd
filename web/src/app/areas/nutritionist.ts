/** Nutritionist area chunk (/AreaNutritionists...). */
import '../../styles/all';
export { NutritionistHomePage } from '../../features/nutritionist/pages/nutritionist-home-page';
export { NutritionistBookingsPage } from '../../features/nutritionist/pages/nutritionist-bookings-page';
export { NutritionistBookingPage } from '../../features/nutritionist/pages/nutritionist-booking-page';
export { PatientBookingsPage } from '../../features/nutritionist/pages/patient-bookings-page';
export { CalendarPage } from '../../features/nutritionist/pages/calendar-page';
export { PatientsPage } from '../../features/nutritionist/pages/patients-page';
