/** Nutritionist area chunk (/AreaNutritionists...). */
import '../../styles/all';
export { NutritionistHomePage } from '../../features/nutritionist/pages';
export { NutritionistBookingsPage } from '../../features/nutritionist/pages';
export { NutritionistBookingPage } from '../../features/nutritionist/pages';
export { PatientBookingsPage } from '../../features/nutritionist/pages';
export { CalendarPage } from '../../features/nutritionist/pages';
export { GoogleCalendarPage } from '../../features/nutritionist/pages';
export { PatientsPage } from '../../features/nutritionist/pages';
export { NutritionistInvoicesPage } from '../../features/nutritionist/pages';
