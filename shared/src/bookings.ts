/**
 * Booking rules shared by the server and the web app (docs/product.md#data, #states and #limits): types with their
 * durations and prices, the state machine, the 2-day rules, and slot generation from availability.
 */
import {
  DURATION_MINUTES,
  FREE_CHANGE_DEADLINE_DAYS,
  PAID_VISIT_PRICE_CENTS,
  PAYMENT_DEADLINE_DAYS,
  PAYMENT_REMINDER_URGENT_DAYS,
} from './constants';
import {
  BookingStatus,
  BookingType,
  type BookingStatusId,
  type BookingTypeId,
  type CancelReasonId,
} from './domain';
import { addRomeDays, inRome, romeDate, romeInstant, shiftRomeDays } from './time';

export interface BookingTypeInfo {
  BookingTypeId: BookingTypeId;
  Name: string;
  DurationMinutes: number;
  PriceCents: number;
}

/** docs/product.md#data names; duration and price are derived from the type, never chosen. */
export const BOOKING_TYPES: Record<BookingTypeId, BookingTypeInfo> = {
  [BookingType.FREE]: {
    BookingTypeId: 1,
    Name: 'Incontro Conoscitivo',
    DurationMinutes: DURATION_MINUTES.FREE,
    PriceCents: 0,
  },
  [BookingType.NORMAL]: {
    BookingTypeId: 2,
    Name: 'Visita Nutrizionale',
    DurationMinutes: DURATION_MINUTES.NORMAL,
    PriceCents: PAID_VISIT_PRICE_CENTS,
  },
  [BookingType.MEALPLAN]: {
    BookingTypeId: 3,
    Name: 'Consegna del piano alimentare',
    DurationMinutes: DURATION_MINUTES.MEALPLAN,
    PriceCents: 0,
  },
};

export const BOOKING_STATUS_LABELS: Record<BookingStatusId, string> = {
  1: 'Confermato',
  2: 'Completato',
  3: 'Annullato',
  4: 'In attesa di pagamento',
  5: 'Annullato e pagato',
};

export const CANCEL_REASON_LABELS: Record<CancelReasonId, string> = {
  1: 'Scelta del nutrizionista',
  2: 'Scelta del paziente',
  3: 'Paziente assente',
  4: 'Creato per errore',
  5: 'Annullato per spostarlo',
};

/** Cancel reasons offered for a booking type: "patient absent" only for free meetings (docs/product.md#data). */
export const cancelReasonsFor = (bookingTypeId: BookingTypeId): CancelReasonId[] =>
  ([1, 2, 3, 4, 5] as const).filter((reason) => reason !== 3 || bookingTypeId === BookingType.FREE);

/** BOOKED and WAITINGFORPAYMENT can be cancelled or moved; only BOOKED can be completed (docs/product.md#states). */
export const canCancel = (status: BookingStatusId) =>
  status === BookingStatus.BOOKED || status === BookingStatus.WAITINGFORPAYMENT;
export const canModifyTime = canCancel;
export const canComplete = (status: BookingStatusId) => status === BookingStatus.BOOKED;

/**
 * A visit is completed once it has taken place, so not before its start: a visit completed ahead of time
 * would count as done (onboarding moves on) and could be reviewed before it happened.
 */
export const hasVisitStarted = (bookingTime: Date | string, now: Date) =>
  now.getTime() >= new Date(bookingTime).getTime();

/** Whether a booking can be completed now: confirmed (BOOKED) and already started. */
export const canCompleteAt = (
  booking: { BookingStatusId: BookingStatusId; BookingTime: string },
  now: Date,
) => canComplete(booking.BookingStatusId) && hasVisitStarted(booking.BookingTime, now);

/** Payment is due 2 days before the appointment, same Rome wall-clock time. */
export const paymentDeadline = (bookingTime: Date) => shiftRomeDays(bookingTime, -PAYMENT_DEADLINE_DAYS);

/** Changes and cancellations are free (with full refund) only until 2 days before. */
export const freeChangeDeadline = (bookingTime: Date) =>
  shiftRomeDays(bookingTime, -FREE_CHANGE_DEADLINE_DAYS);
export const isFreeChangeAllowed = (bookingTime: Date, now: Date) =>
  now.getTime() <= freeChangeDeadline(bookingTime).getTime();

export interface CancellationOutcome {
  status: BookingStatusId;
  /** A paid booking cancelled in time is refunded in full. */
  refundOwed: boolean;
  /** Late cancellations count the visit as done. */
  countsAsDone: boolean;
}

/**
 * What cancelling does: unpaid -> CANCELLED; paid and in time -> CANCELLED with a full refund owed;
 * paid and late -> CANCELLEDWITHFEE (counts as done, no refund).
 */
export const cancellationOutcome = (
  booking: { status: BookingStatusId; paid: boolean; bookingTime: Date },
  now: Date,
): CancellationOutcome => {
  if (!canCancel(booking.status))
    throw new Error(`A booking in status ${booking.status} cannot be cancelled`);
  if (!booking.paid) return { status: BookingStatus.CANCELLED, refundOwed: false, countsAsDone: false };
  return isFreeChangeAllowed(booking.bookingTime, now)
    ? { status: BookingStatus.CANCELLED, refundOwed: true, countsAsDone: false }
    : { status: BookingStatus.CANCELLEDWITHFEE, refundOwed: false, countsAsDone: true };
};

/** An availability interval on the Rome wall clock (spec: Daily availability). */
export interface AvailabilityInterval {
  IntervalDate: string;
  IntervalStart: string;
  IntervalEnd: string;
}

export interface BusyPeriod {
  start: Date;
  end: Date;
}

/** Visits start on the interval's start and then every 30 minutes. */
export const SLOT_STEP_MINUTES = 30;
/** Nobody can book a slot starting sooner than this. */
export const MIN_LEAD_MINUTES = 60;

/**
 * Free slots of the given duration: inside availability intervals, not overlapping busy periods (existing
 * bookings, external calendar), not in the past nor sooner than the lead time. Returns Rome dates mapped to
 * sorted `HH:mm` start times. Times are computed on instants, so a DST night neither invents nor loses slots.
 */
export const freeSlots = (
  intervals: readonly AvailabilityInterval[],
  busy: readonly BusyPeriod[],
  durationMinutes: number,
  now: Date,
): Record<string, string[]> => {
  const slots: Record<string, Set<string>> = {};
  const earliest = now.getTime() + MIN_LEAD_MINUTES * 60_000;
  for (const interval of intervals) {
    const intervalStart = romeInstant(interval.IntervalDate, interval.IntervalStart).getTime();
    const intervalEnd = romeInstant(interval.IntervalDate, interval.IntervalEnd).getTime();
    for (
      let start = intervalStart;
      start + durationMinutes * 60_000 <= intervalEnd;
      start += SLOT_STEP_MINUTES * 60_000
    ) {
      const end = start + durationMinutes * 60_000;
      if (start < earliest) continue;
      if (busy.some((period) => start < period.end.getTime() && period.start.getTime() < end)) continue;
      const date = romeDate(start);
      (slots[date] ??= new Set()).add(inRome(start).format('HH:mm'));
    }
  }
  return Object.fromEntries(
    Object.entries(slots)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, times]) => [date, [...times].sort()]),
  );
};

/**
 * Whether the Rome `date` and `time` is one of the slots freeSlots(intervals, [], durationMinutes, now) lists,
 * without listing them (freeSlots converts every slot of the day to the wall clock; booking one slot only
 * asks about that one): the instants that wall-clock time can name (two in the hour the autumn night
 * repeats, none in the hour the spring night skips) are checked against each interval's steps.
 */
export const isOfferedSlot = (
  intervals: readonly AvailabilityInterval[],
  durationMinutes: number,
  date: string,
  time: string,
  now: Date,
): boolean => {
  const earliest = now.getTime() + MIN_LEAD_MINUTES * 60_000;
  const named = romeInstant(date, time).getTime();
  const hour = 60 * 60_000;
  const instants = [named - hour, named, named + hour].filter(
    (start) => start >= earliest && inRome(start).format('YYYY-MM-DD HH:mm') === `${date} ${time}`,
  );
  if (!instants.length) return false;
  return intervals.some((interval) => {
    const intervalStart = romeInstant(interval.IntervalDate, interval.IntervalStart).getTime();
    const intervalEnd = romeInstant(interval.IntervalDate, interval.IntervalEnd).getTime();
    return instants.some(
      (start) =>
        start >= intervalStart &&
        start + durationMinutes * 60_000 <= intervalEnd &&
        (start - intervalStart) % (SLOT_STEP_MINUTES * 60_000) === 0,
    );
  });
};

/** Rome dates from `from` days after today to `to` days after today, inclusive (e.g. the 1-7 window). */
export const romeDateWindow = (now: Date, from: number, to: number) => {
  const today = romeDate(now);
  return { first: addRomeDays(today, from), last: addRomeDays(today, to) };
};

/** Bookings lock time in units of this many minutes (the date-time picker's step). */
export const LOCK_UNIT_MINUTES = 5;

/**
 * The time units a booking occupies: the start of every 5-minute unit its duration touches, as epoch
 * minutes (instants, so a DST night neither merges nor splits units). Two bookings overlap exactly when
 * they share a unit, which is what the per-unit lock items of the booking transaction rely on.
 */
export const occupiedTimeUnits = (start: Date, durationMinutes: number): number[] => {
  const unitMs = LOCK_UNIT_MINUTES * 60_000;
  const first = Math.floor(start.getTime() / unitMs);
  const last = Math.ceil((start.getTime() + durationMinutes * 60_000) / unitMs);
  const units: number[] = [];
  for (let unit = first; unit < last; unit += 1) units.push(unit * LOCK_UNIT_MINUTES);
  return units;
};

/**
 * A booking made (or moved) when its payment deadline has (almost) passed still gets this long to be paid,
 * so a visit booked for tomorrow is not cancelled by the expiry job minutes after it was made.
 */
export const LATE_BOOKING_PAYMENT_GRACE_MINUTES = 120;

/**
 * When an unpaid (WAITINGFORPAYMENT) booking expires: at its payment deadline (2 days before, Rome wall
 * clock), or, for a booking scheduled (made or last moved: `scheduledAt`) after that or just before it, the
 * grace period after that; never later than the appointment itself.
 */
export const unpaidBookingExpiry = (booking: { bookingTime: Date; scheduledAt: Date }): Date => {
  const grace = booking.scheduledAt.getTime() + LATE_BOOKING_PAYMENT_GRACE_MINUTES * 60_000;
  const expiry = Math.max(paymentDeadline(booking.bookingTime).getTime(), grace);
  return new Date(Math.min(expiry, booking.bookingTime.getTime()));
};

/** Rome calendar days from the day of `now` to the day of the appointment (0 = today, 1 = tomorrow). */
export const romeDaysUntil = (bookingTime: Date, now: Date) =>
  Math.round(
    (Date.parse(`${romeDate(bookingTime)}T00:00:00Z`) - Date.parse(`${romeDate(now)}T00:00:00Z`)) /
      86_400_000,
  );

/** The reminders a booking can get, each at most once per appointment time. */
export type BookingReminderKind = 'payment' | 'payment-urgent' | 'appointment';

/** The flag a sent reminder leaves on the booking: kind and appointment time (a moved visit is reminded again). */
export const reminderFlag = (kind: BookingReminderKind, bookingTime: string) => `${kind}@${bookingTime}`;

/** A payment reminder is urgent at 3 days or less before the appointment (Rome calendar days, docs/product.md#limits). */
export const isUrgentPaymentReminder = (bookingTime: Date, now: Date) =>
  romeDaysUntil(bookingTime, now) <= PAYMENT_REMINDER_URGENT_DAYS;

/**
 * Which payment reminder an unpaid booking is due, if any: none once it expires (the expiry job's turn)
 * nor on the day it was scheduled (made or moved: that mail already says how and by when to pay); then the
 * urgent one at 3 days or less before, otherwise the ordinary one; each at most once per appointment time.
 */
export const paymentReminderDue = (
  booking: { bookingTime: Date; scheduledAt: Date; remindersSent: readonly string[] },
  now: Date,
): 'payment' | 'payment-urgent' | null => {
  if (now.getTime() >= unpaidBookingExpiry(booking).getTime()) return null;
  if (romeDate(booking.scheduledAt) >= romeDate(now)) return null;
  const kind = isUrgentPaymentReminder(booking.bookingTime, now) ? 'payment-urgent' : 'payment';
  const sent = booking.remindersSent.includes(reminderFlag(kind, booking.bookingTime.toISOString()));
  return sent ? null : kind;
};

/** Appointments reminded by a run at `now`: those starting on the next Rome calendar day, [from, to). */
export const appointmentReminderWindow = (now: Date) => {
  const tomorrow = addRomeDays(romeDate(now), 1);
  return { from: romeInstant(tomorrow, '00:00'), to: romeInstant(addRomeDays(tomorrow, 1), '00:00') };
};
