/**
 * Booking times on the Rome wall clock (spec: business rules run in Europe/Rome), whatever the time zone
 * of the browser: a nutritionist travelling abroad still reads and picks Italian times.
 */
import { addRomeDays, inRome, romeDate, romeInstant } from '@nutri/shared';
import '../../lib/dates';

/** `YYYY-MM-DDTHH:mm` on the Rome wall clock: the value of the date-time picker and of BookingTime. */
export const toLocalDateTime = (instant: string | Date) => inRome(instant).format('YYYY-MM-DDTHH:mm');

/** The instant of a `YYYY-MM-DDTHH:mm` Rome wall-clock value. */
export const fromLocalDateTime = (value: string) => romeInstant(value.slice(0, 10), value.slice(11, 16));

/** '07/03/2026 10:30'. */
export const formatLocalDateTime = (value: string) =>
  inRome(fromLocalDateTime(value)).format('DD/MM/YYYY HH:mm');

/** 'venerdì 7 marzo 2026, 10:30'. */
export const formatBookingLong = (instant: string) => inRome(instant).format('dddd D MMMM YYYY, HH:mm');

/** Parts of the card's date block: weekday, day, month and the start-end times. */
export const bookingDateParts = (instant: string, durationMinutes: number) => {
  const start = inRome(instant);
  const end = inRome(new Date(new Date(instant).getTime() + durationMinutes * 60_000));
  return {
    weekday: start.format('ddd'),
    day: start.format('D'),
    month: start.format('MMM'),
    year: start.format('YYYY'),
    start: start.format('HH:mm'),
    end: end.format('HH:mm'),
    long: start.format('dddd D MMMM YYYY'),
  };
};

/** Today on the Rome calendar, `YYYY-MM-DD`. */
export const romeToday = () => romeDate(new Date());

/** 'lunedì 9 marzo' of a `YYYY-MM-DD` date. */
export const formatDayLong = (date: string) => inRome(romeInstant(date, '12:00')).format('dddd D MMMM');

/** '09/03/2026' of a `YYYY-MM-DD` date. */
export const formatDay = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** The Rome dates from `from` to `to` days after today (e.g. the calendar's tomorrow..+7). */
export const romeDays = (from: number, to: number) => {
  const today = romeToday();
  const days: string[] = [];
  for (let offset = from; offset <= to; offset += 1) days.push(addRomeDays(today, offset));
  return days;
};

/** 'lunedì 12 maggio 2026 alle 10:00', the appointment as sentences say it. */
export const appointmentText = (bookingTime: string) =>
  inRome(bookingTime).format('dddd D MMMM YYYY [alle] HH:mm');

/** '12/05/2026 alle 10:00', the {date} of 'Pagamento ricevuto, appuntamento del {date} è confermato!'. */
export const appointmentShortText = (bookingTime: string) =>
  inRome(bookingTime).format('DD/MM/YYYY [alle] HH:mm');
