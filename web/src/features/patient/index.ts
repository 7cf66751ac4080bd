/** What other features and the app use of this feature. */
export { appointmentShortText, appointmentText } from './booking-rules';
export { NextBookings, VisitsToReview } from './components/home-bookings';
export { IntroVisitBooking, PAID_VISIT_BOOKING_STEPS, PaidVisitBooking } from './components/visit-booking';
