/** What other features and the app use of this feature. */
export { fulfilCheckoutSession } from './api/payments';
export { BookingPaymentSection } from './components/booking-payment-section';
export { usePayBooking } from './components/use-pay-booking';
