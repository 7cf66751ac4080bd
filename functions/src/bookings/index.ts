/** What other areas use of this area. */
export { bookingOutboxHandlers } from './booking-effects';
export { expireUnpaidBookings, sendAppointmentReminders, sendPaymentReminders } from './booking-jobs';
export { bookingMessageBody, euroLabel, patientBookingUrl, romeDayTimeLabel } from './booking-mails';
export {
  type Booking,
  getBooking,
  listNewestCompletedBookings,
  listOwedRefunds,
  markBookingPaidWrite,
  type PatientChange,
  recordBookingRefundWrite,
  recordLatePaymentWrite,
} from './bookings-repo';
