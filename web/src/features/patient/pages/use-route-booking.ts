/**
 * The patient's own booking named by the route's `:bookingId` (detail, success and review pages), and
 * whether the page should say it was not found: a malformed id, or the API's 404/400 (someone else's).
 */
import { useParams } from 'react-router-dom';
import { isApiError } from '../../../api/api-error';
import { usePatientBooking } from '../api/patient-bookings';
import { isBookingId } from '../components/booking-page-parts';

export const useRouteBooking = (refreshInterval = 0) => {
  const { bookingId = '' } = useParams();
  const valid = isBookingId(bookingId);
  const booking = usePatientBooking(valid ? bookingId : undefined, refreshInterval);
  const notFound = !valid || isApiError(booking.error, 404) || isApiError(booking.error, 400);
  return { bookingId, valid, booking, notFound };
};
