/** What other areas use of this area. */
export { bookingOutboxHandlers } from './booking-effects';
export { expireUnpaidBookings, sendAppointmentReminders, sendPaymentReminders } from './booking-jobs';
export {
  bookingMailTemplates,
  bookingMessageBody,
  bookingSnapshotSchema,
  euroLabel,
  patientBookingUrl,
  romeDayTimeLabel,
  videoRoomSentence,
} from './booking-mails';
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
export {
  applyBookingMailEvent,
  BOOKING_MAIL_EVENT_TAG,
  listBookingEvents,
  listPatientBookingEvents,
  type BookingHistoryEvent,
} from './booking-history';
export { indexAllAdminBookings } from './admin-view-job';
export { requireOwnBooking, type BookingParty } from './own-booking';
export { videoPresenceWrites, type VideoRoomParty } from './video-presence';
export { countBookedBetween, countOwedBookingRefunds, countUnpaidBetween } from './admin-counts';
export { bookingFactOfItem } from './dashboard-facts';
export { bookingPersonalData, patientBookingTimes } from './personal-data';
export { erasePatientReminders } from './erasure';
