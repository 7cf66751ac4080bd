/**
 * What the patient's screens say about a booking, from the shared rules (docs/product.md#states and #limits): the
 * payment deadline (2 days before, Rome wall clock), whether an introductory visit can still be cancelled
 * for free, and when the video call opens.
 */
import {
  BookingStatus,
  BookingType,
  FREE_CHANGE_DEADLINE_DAYS,
  freeChangeDeadline,
  inRome,
  isFreeChangeAllowed,
  paymentDeadline,
  romeDate,
  type BookingView,
} from '@nutri/shared';
import '../../lib/dates';

const deadlineFormat = 'dddd D MMMM [alle] HH:mm';

/** 'Da pagare entro lunedì 10 maggio alle 10:00', or the notice that the deadline has passed. */
export const paymentDeadlineText = (bookingTime: string, now = new Date()) => {
  const deadline = paymentDeadline(new Date(bookingTime));
  return deadline.getTime() > now.getTime()
    ? `Da pagare entro ${inRome(deadline).format(deadlineFormat)}`
    : 'Da pagare subito';
};

/** The patient may cancel only their introductory visit, and only while it is BOOKED (docs/product.md#states). */
export const canPatientCancel = (booking: BookingView) =>
  booking.BookingTypeId === BookingType.FREE && booking.BookingStatusId === BookingStatus.BOOKED;

/** Cancelling later than 2 days before the visit leaves the next introductory visit to the nutritionist. */
export const isLateCancellation = (booking: BookingView, now = new Date()) =>
  !isFreeChangeAllowed(new Date(booking.BookingTime), now);

/**
 * How a paid, confirmed visit is moved or cancelled: the patient asks in the chat; free with a full
 * refund until 2 days before (Rome wall clock), after that it counts as done (docs/product.md#overview).
 */
export const changeRuleText = (bookingTime: string, now = new Date()) => {
  const deadline = freeChangeDeadline(new Date(bookingTime));
  return deadline.getTime() >= now.getTime()
    ? `Per spostare o annullare la visita scrivi in chat al tuo nutrizionista. Fino a ${inRome(deadline).format(deadlineFormat)} (${FREE_CHANGE_DEADLINE_DAYS} giorni prima) è gratuito e ti rimborsiamo l’intero importo; dopo, la visita viene considerata effettuata e non è rimborsabile.`
    : `Mancano meno di ${FREE_CHANGE_DEADLINE_DAYS} giorni: se ora sposti o annulli la visita, viene considerata effettuata e non è rimborsabile. Per qualsiasi cambio scrivi in chat al tuo nutrizionista.`;
};

/** A visit paid and still to come: the one whose change rule the patient needs to know. */
export const isPaidUpcomingVisit = (booking: BookingView) =>
  booking.BookingStatusId === BookingStatus.BOOKED && booking.Price > 0;

/** The video call is for a BOOKED visit, on its day (Rome calendar). */
export const isVideoDay = (booking: BookingView, now = new Date()) =>
  booking.BookingStatusId === BookingStatus.BOOKED && romeDate(booking.BookingTime) === romeDate(now);
