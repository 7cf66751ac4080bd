/** What other features and the app use of this feature. */
export { actionErrorMessage } from './action-error';
export {
  type BookingFilters,
  NUTRITIONIST_BOOKINGS_PATH,
  useFilteredBookings,
  useHomeBookings,
  useIsOwnPatient,
  useNutritionistBooking,
  usePatientBookings,
} from './api/nutritionist-bookings';
export { useOwnPatients } from './api/own-patients';
export {
  appointmentShortText,
  appointmentText,
  bookingDateParts,
  formatDay,
  formatDayLong,
  formatLocalDateTime,
  romeDays,
  romeToday,
  toLocalDateTime,
} from './booking-time';
export { BookingCard } from './components/booking-card';
export { BookingList } from './components/booking-list';
export { BookingStatusBadge } from './components/booking-status-badge';
export { ConfirmDialog } from './components/confirm-dialog';
export { CreateBookingDialog } from './components/create-booking-dialog';
export { CALENDAR_ARIA_LABELS, CALENDAR_CLASS_NAMES, dayAriaLabel } from './components/date-time-picker';
export { PatientPicker } from './components/patient-picker';
export { bookingUiTexts } from './texts';
export { default as bookingDateClasses } from './components/booking-date-block.module.css';
