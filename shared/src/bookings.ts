/**
 * Booking rules shared by the server and the web app (spec sections 3, 4 and 9): types with their
 * durations and prices, the state machine, the 2-day rules, and slot generation from availability.
 */
import {
  DURATION_MINUTES,
  FREE_CHANGE_DEADLINE_DAYS,
  PAID_VISIT_PRICE_CENTS,
  PAYMENT_DEADLINE_DAYS,
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

/** Spec section 3 names; duration and price are derived from the type, never chosen. */
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

/** Cancel reasons offered for a booking type: "patient absent" only for free meetings (spec section 3). */
export const cancelReasonsFor = (bookingTypeId: BookingTypeId): CancelReasonId[] =>
  ([1, 2, 3, 4, 5] as const).filter((reason) => reason !== 3 || bookingTypeId === BookingType.FREE);

/** BOOKED and WAITINGFORPAYMENT can be cancelled or moved; only BOOKED can be completed (spec section 4). */
export const canCancel = (status: BookingStatusId) =>
  status === BookingStatus.BOOKED || status === BookingStatus.WAITINGFORPAYMENT;
export const canModifyTime = canCancel;
export const canComplete = (status: BookingStatusId) => status === BookingStatus.BOOKED;

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
