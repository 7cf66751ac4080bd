/**
 * Bookings (docs/product.md#data: Booking) and the lock items that make double booking impossible.
 * - Booking `BOOKING#<bookingId>` / `BOOKING`, with
 *   gsi1 `PATIENT#<patientId>#BOOKINGS` / `<BookingTime ISO>#<bookingId>` (a patient's bookings by time) and
 *   gsi2 `NUTRITIONIST#<nutritionistId>#BOOKINGS` / `<BookingTime ISO>#<bookingId>` (a nutritionist's).
 * - Slot locks, one per 5-minute unit a booking's duration covers (shared occupiedTimeUnits), held as
 *   attributes `U<epoch minute>` = BookingId of the nutritionist's hour item
 *   `SLOTLOCKS#<nutritionistId>#<epoch minute of the hour>` / `HOUR` (a visit touches one or two hours);
 *   gsi1 `SLOTLOCKS#<nutritionistId>` / `<epoch minute of the hour>` lists a nutritionist's hours. A booking's
 *   transaction sets its units with attribute_not_exists, so of two overlapping bookings exactly one commits;
 *   cancelling removes them and moving moves them in the same transaction as the booking change, so no lock
 *   outlives its booking's time (docs/decisions/0021-booking-hot-path.md: one item per hour instead of one
 *   per unit keeps the transaction at a handful of items).
 * - While BOOKED or WAITINGFORPAYMENT a booking also sits in a sparse job queue, gsi3
 *   `BOOKINGS#<status name>` / `<BookingTime ISO>#<bookingId>` (expiry, payment and appointment reminders):
 *   derived from the status on every write, so a booking leaves the queue with its status.
 * - The back office's copy `BOOKING#<bookingId>` / `ADMINVIEW` (docs/product.md#back-office-bookings): the
 *   booking's fields and `PaidState`, rewritten with every rewrite of the booking, in the back office's
 *   indexes, each `<BookingTime ISO>#<bookingId>`: gsi1 `ADMINBOOKINGS` (every booking), gsi2
 *   `ADMINBOOKINGS#S<status>` (by status), gsi3 `ADMINBOOKINGS#N<nutritionistId>#S<status>` (a
 *   nutritionist's by status). A separate item because the booking's own three indexes are taken.
 * Every change also puts its outbox item (platform/outbox.ts: chat message and mails it causes) and its
 * history event (booking-history.ts) in the same transaction, so a change never commits without its effects
 * or its history, or the other way round.
 * Access patterns: get a booking (table key); a patient's bookings by time (gsi1); a nutritionist's
 * bookings by time (gsi2); a nutritionist's locks (gsi1); unpaid or booked bookings by time (gsi3);
 * create / move / cancel / complete (TransactWriteItems, optimistic on `version`); flag a sent reminder
 * once (conditional update + outbox item).
 */
import { GetCommand, PutCommand, TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  BookingStatus,
  occupiedTimeUnits,
  type BookingStatusId,
  type BookingTypeId,
  type CancelReasonId,
  type OnboardingStep,
} from '@nutri/shared';
import { patientProfileUpdate, type PatientProfileChange } from '../onboarding';
import { db, tableName } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';
import { queryAll, queryPage } from '../platform/db/query';
import { transact as transactOrFailure, type NamedItem, type TransactItem } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';
import { outboxPut, type OutboxEntry } from '../platform/outbox';
import {
  bookingHistoryEvent,
  historyPut,
  stepChangeDetails,
  SYSTEM_ACTOR,
  type BookingHistoryEvent,
} from './booking-history';

export interface Booking {
  BookingId: number;
  /** ISO instant (UTC). */
  BookingTime: string;
  BookingStatusId: BookingStatusId;
  BookingTypeId: BookingTypeId;
  PatientUserId: string;
  NutritionistUserId: string;
  /** Cents, EUR. */
  Price: number;
  Discount: number;
  TotalPaymentAmount: number;
  /** Minutes. */
  Duration: number;
  /** A paid visit after a first one already done (onboarding steps 7-9 instead of 4-6). */
  Recurring: boolean;
  /** The patient's onboarding step before this booking moved it, restored if it is cancelled in time. */
  PreviousOnboardingStep: OnboardingStep | null;
  /** The step this booking set, so a later change restores only what it itself changed. */
  SetOnboardingStep: OnboardingStep | null;
  CancelReasonId: CancelReasonId | null;
  /** A paid booking cancelled in time: the full refund is owed (paid out by the payments area). */
  RefundOwed: boolean;
  /** Reminders sent, as shared reminderFlag(kind, BookingTime): each at most once per appointment time. */
  RemindersSent: string[];
  /** Set by the payments area when the booking is paid (kept through every later change of the booking). */
  Payment?: BookingPayment;
  /** Set by the payments area once the owed refund was issued (RefundOwed). */
  Refund?: BookingRefund;
  /** Entering and leaving the video room (video-presence.ts); absent until someone enters. */
  VideoPresence?: BookingVideoPresence;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** How a booking was paid (docs/product.md#data: the two payment-account flags). */
export interface BookingPayment {
  /** The Stripe Checkout session (or the local one) that paid it. */
  SessionId: string;
  PaymentIntentId: string | null;
  PaidAt: string;
  /** Cents, EUR, as the provider charged it. */
  AmountPaid: number;
  /** Paid to a connected (newer) payment account; always false while the service has a single account. */
  IsPaidOnNewAccount: boolean;
  /** Paid to the service's own payment account at the provider. */
  IsPaidOnProviderAccount: boolean;
  /**
   * Received after the booking was cancelled or had expired: never applied to it (its time may be someone
   * else's by then) but refunded in full (RefundOwed), see payments/late-payment.ts.
   */
  Late?: boolean;
}

/** The refund of a paid booking cancelled in time (payments area, issue-refunds job). */
export interface BookingRefund {
  RefundId: string;
  State: 'pending' | 'succeeded' | 'failed';
  /** Cents, EUR. */
  Amount: number;
  IssuedAt: string;
  /** When the provider confirmed it (`charge.refunded`). */
  ConfirmedAt: string | null;
}

/**
 * The last time each member entered and left the booking's video room (ISO instants), and when the chat
 * was told the patient is waiting (once per booking). Stored as top-level attributes `Video<Field>`
 * (video-presence.ts writes them one by one, so the two members' writes never overwrite each other).
 */
export interface BookingVideoPresence {
  PatientEnteredAt: string | null;
  PatientLeftAt: string | null;
  NutritionistEnteredAt: string | null;
  NutritionistLeftAt: string | null;
  WaitingNoticeAt: string | null;
}
export const VIDEO_PRESENCE_FIELDS = [
  'PatientEnteredAt',
  'PatientLeftAt',
  'NutritionistEnteredAt',
  'NutritionistLeftAt',
  'WaitingNoticeAt',
] as const satisfies readonly (keyof BookingVideoPresence)[];
export const videoPresenceAttribute = (field: keyof BookingVideoPresence) => `Video${field}`;

const videoPresenceOf = (item: Record<string, unknown>): BookingVideoPresence | null => {
  const entries = VIDEO_PRESENCE_FIELDS.map((field) => {
    const value = item[videoPresenceAttribute(field)];
    return [field, typeof value === 'string' ? value : null] as const;
  });
  return entries.some(([, value]) => value !== null)
    ? (Object.fromEntries(entries) as unknown as BookingVideoPresence)
    : null;
};

const videoPresenceAttributes = (presence: BookingVideoPresence | undefined) =>
  Object.fromEntries(
    VIDEO_PRESENCE_FIELDS.flatMap((field) =>
      presence?.[field] ? [[videoPresenceAttribute(field), presence[field]]] : [],
    ),
  );

export const bookingKey = (bookingId: number) => ({ pk: `BOOKING#${bookingId}`, sk: 'BOOKING' });
const timeSortKey = (booking: Pick<Booking, 'BookingTime' | 'BookingId'>) =>
  `${booking.BookingTime}#${String(booking.BookingId).padStart(10, '0')}`;
const patientBookingsPartition = (patientUserId: string) => `PATIENT#${patientUserId}#BOOKINGS`;
const nutritionistBookingsPartition = (nutritionistUserId: string) =>
  `NUTRITIONIST#${nutritionistUserId}#BOOKINGS`;
/** Minutes of the lock items' hour (epoch minutes, so Rome's whole-hour offsets keep it on the hour). */
const LOCK_HOUR_MINUTES = 60;
const lockHourOf = (unit: number) => Math.floor(unit / LOCK_HOUR_MINUTES) * LOCK_HOUR_MINUTES;
const lockHourKey = (nutritionistUserId: string, hour: number) => ({
  pk: `SLOTLOCKS#${nutritionistUserId}#${hour}`,
  sk: 'HOUR',
});
const lockAttribute = (unit: number) => `U${unit}`;
const LOCK_ATTRIBUTE = /^U(\d+)$/;

/** The job queues (gsi3): only the statuses jobs act on; any other status takes the booking out. */
export const BOOKING_QUEUES = {
  [BookingStatus.WAITINGFORPAYMENT]: 'BOOKINGS#WAITINGFORPAYMENT',
  [BookingStatus.BOOKED]: 'BOOKINGS#BOOKED',
} as const;
export type QueuedStatus = keyof typeof BOOKING_QUEUES;

/** Cancelled paid bookings whose refund is owed and not yet issued (the payments' issue-refunds job). */
export const REFUND_QUEUE = 'BOOKINGS#REFUNDOWED';

/** gsi3 keys of a booking in the given status (none outside the queues). */
export const bookingQueueKeys = (
  booking: Pick<Booking, 'BookingStatusId' | 'BookingTime' | 'BookingId'> &
    Partial<Pick<Booking, 'RefundOwed' | 'Refund'>>,
) => {
  const queue = BOOKING_QUEUES[booking.BookingStatusId as QueuedStatus] as string | undefined;
  if (queue) return { gsi3pk: queue, gsi3sk: timeSortKey(booking) };
  // Derived like the status queues: issuing the refund (Refund set) takes the booking out.
  if (booking.RefundOwed && !booking.Refund) return { gsi3pk: REFUND_QUEUE, gsi3sk: timeSortKey(booking) };
  return {};
};

const bookingItem = ({ VideoPresence, ...booking }: Booking) => ({
  ...bookingKey(booking.BookingId),
  type: 'Booking',
  ...booking,
  // Kept through every rewrite of the booking, as the entries recorded them.
  ...videoPresenceAttributes(VideoPresence),
  gsi1pk: patientBookingsPartition(booking.PatientUserId),
  gsi1sk: timeSortKey(booking),
  gsi2pk: nutritionistBookingsPartition(booking.NutritionistUserId),
  gsi2sk: timeSortKey(booking),
  ...bookingQueueKeys(booking),
});

/** Paid: a payment was applied; unpaid: priced and none applied; free: nothing to pay. */
export type BookingPaidState = 'paid' | 'unpaid' | 'free';
export const paidStateOf = (booking: Pick<Booking, 'Payment' | 'TotalPaymentAmount'>): BookingPaidState =>
  booking.Payment && !booking.Payment.Late ? 'paid' : booking.TotalPaymentAmount > 0 ? 'unpaid' : 'free';

export const ADMIN_BOOKINGS_PARTITION = 'ADMINBOOKINGS';
export const adminStatusPartition = (status: BookingStatusId) => `ADMINBOOKINGS#S${status}`;
export const adminNutritionistStatusPartition = (nutritionistUserId: string, status: BookingStatusId) =>
  `ADMINBOOKINGS#N${nutritionistUserId}#S${status}`;

/** The back office's copy of a booking, in its three indexes (see the header). */
const adminViewItem = ({ VideoPresence: _presence, ...booking }: Booking) => ({
  pk: bookingKey(booking.BookingId).pk,
  sk: 'ADMINVIEW',
  type: 'BookingAdminView',
  ...booking,
  PaidState: paidStateOf(booking),
  gsi1pk: ADMIN_BOOKINGS_PARTITION,
  gsi1sk: timeSortKey(booking),
  gsi2pk: adminStatusPartition(booking.BookingStatusId),
  gsi2sk: timeSortKey(booking),
  gsi3pk: adminNutritionistStatusPartition(booking.NutritionistUserId, booking.BookingStatusId),
  gsi3sk: timeSortKey(booking),
});

// Rewrite the back office's copy with the booking (unconditional: the booking's own condition guards both).
export const adminViewPut = (booking: Booking): TransactItem => ({
  Put: { TableName: tableName(), Item: adminViewItem(booking) },
});

/** The items every booking write adds to its transaction: the back office's copy and the history event. */
const companions = (booking: Booking, event: BookingHistoryEvent): NamedItem<Error>[] => [
  { item: adminViewPut(booking) },
  { item: historyPut(event), failure: changedMeanwhile() },
];

const videoPresenceField = (presence: BookingVideoPresence | null) =>
  presence ? { VideoPresence: presence } : {};

export const toBooking = (item: Record<string, unknown>): Booking => ({
  BookingId: Number(item.BookingId),
  BookingTime: String(item.BookingTime),
  BookingStatusId: Number(item.BookingStatusId) as BookingStatusId,
  BookingTypeId: Number(item.BookingTypeId) as BookingTypeId,
  PatientUserId: String(item.PatientUserId),
  NutritionistUserId: String(item.NutritionistUserId),
  Price: Number(item.Price ?? 0),
  Discount: Number(item.Discount ?? 0),
  TotalPaymentAmount: Number(item.TotalPaymentAmount ?? 0),
  Duration: Number(item.Duration),
  Recurring: item.Recurring === true,
  PreviousOnboardingStep:
    typeof item.PreviousOnboardingStep === 'number' ? (item.PreviousOnboardingStep as OnboardingStep) : null,
  SetOnboardingStep:
    typeof item.SetOnboardingStep === 'number' ? (item.SetOnboardingStep as OnboardingStep) : null,
  CancelReasonId: typeof item.CancelReasonId === 'number' ? (item.CancelReasonId as CancelReasonId) : null,
  RefundOwed: item.RefundOwed === true,
  RemindersSent: Array.isArray(item.RemindersSent) ? item.RemindersSent.map(String) : [],
  ...(item.Payment && typeof item.Payment === 'object' ? { Payment: item.Payment as BookingPayment } : {}),
  ...(item.Refund && typeof item.Refund === 'object' ? { Refund: item.Refund as BookingRefund } : {}),
  ...videoPresenceField(videoPresenceOf(item)),
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
  version: Number(item.version ?? 0),
});

const lockUnits = (booking: Pick<Booking, 'BookingTime' | 'Duration'>) =>
  occupiedTimeUnits(new Date(booking.BookingTime), booking.Duration);

/**
 * The lock changes of one booking: `take` units set to its id (each must be free), `release` units removed
 * (each must be free or its own), one Update per hour item touched. A failed take means the time is taken;
 * a failed release only happens if the locks changed under the booking.
 */
const lockChanges = (
  booking: Pick<Booking, 'NutritionistUserId' | 'BookingId'>,
  take: readonly number[],
  release: readonly number[],
): NamedItem<Error>[] => {
  const hours = new Map<number, { take: number[]; release: number[] }>();
  const hourOf = (unit: number) => {
    const hour = lockHourOf(unit);
    let changes = hours.get(hour);
    if (!changes) hours.set(hour, (changes = { take: [], release: [] }));
    return changes;
  };
  for (const unit of take) hourOf(unit).take.push(unit);
  for (const unit of release) hourOf(unit).release.push(unit);
  return [...hours].map(([hour, changes]) => {
    const names: Record<string, string> = {};
    const sets = ['#type = :type', 'gsi1pk = :list', 'gsi1sk = :hour'];
    const conditions: string[] = [];
    changes.take.forEach((unit, index) => {
      names[`#t${index}`] = lockAttribute(unit);
      sets.push(`#t${index} = :id`);
      conditions.push(`attribute_not_exists(#t${index})`);
    });
    const removes = changes.release.map((unit, index) => {
      names[`#r${index}`] = lockAttribute(unit);
      conditions.push(`(attribute_not_exists(#r${index}) OR #r${index} = :id)`);
      return `#r${index}`;
    });
    return {
      item: {
        Update: {
          TableName: tableName(),
          Key: lockHourKey(booking.NutritionistUserId, hour),
          UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: { '#type': 'type', ...names },
          ExpressionAttributeValues: {
            ':type': 'SlotLockHour',
            ':list': `SLOTLOCKS#${booking.NutritionistUserId}`,
            ':hour': String(hour),
            ':id': booking.BookingId,
          },
        },
      },
      failure: changes.take.length ? slotTaken() : changedMeanwhile(),
    };
  });
};

/** A change of the patient's profile made in the booking's transaction. */
export interface PatientChange extends PatientProfileChange {
  /** What the caller is told when the condition fails (the service names it: a 409, a 422...). */
  failure: Error;
}

const slotTaken = () => new DomainError('slot-taken');
const changedMeanwhile = () => new DomainError('conflict');

/** Tries of a transaction that collided with another one at the same moment (no condition failed). */
const CONTENDED_TRIES = 3;

/**
 * Runs a transaction; the first item whose condition failed names the error thrown. A transaction that
 * collided with another one at the same moment (DynamoDB cancels both when they touch one item, such as
 * the hour item of two visits of the same hour that do not overlap) is tried again after a short random
 * pause: the conditions, not the collision, decide. One that keeps colliding lost the race for the slot.
 */
const transact = async (items: NamedItem<Error>[]) => {
  const contended = new DomainError('slot-taken');
  for (let attempt = 1; ; attempt += 1) {
    const failure = await transactOrFailure(items, { contended });
    if (!failure) return;
    if (failure !== contended || attempt >= CONTENDED_TRIES) throw failure;
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
  }
};
const effectsOf = (outbox: OutboxEntry) => ({ item: outboxPut(outbox), failure: changedMeanwhile() });

// Create a booking: the booking, its lock units (an update per hour item touched), the patient's change and
// the outbox item of its effects, at once.
export const createBooking = async (
  booking: Booking,
  patient: PatientChange | null,
  outbox: OutboxEntry,
  event: BookingHistoryEvent,
) => {
  await transact([
    ...companions(booking, event),
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: bookingItem(booking),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      failure: changedMeanwhile(),
    },
    ...lockChanges(booking, lockUnits(booking), []),
    ...(patient
      ? [{ item: patientProfileUpdate(patient, booking.createdAt), failure: patient.failure }]
      : []),
    effectsOf(outbox),
  ]);
};

const bookingUpdate = (current: Booking, updated: Booking): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: bookingItem(updated),
    ConditionExpression: '#version = :version',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':version': current.version },
  },
});

// Move a booking: the booking's new time, its locks moved (units kept are left in place) and the outbox
// item, at once.
export const moveBooking = async (
  current: Booking,
  updated: Booking,
  patient: PatientChange | null,
  outbox: OutboxEntry,
  event: BookingHistoryEvent,
  extra: readonly TransactItem[] = [],
) => {
  const before = new Set(lockUnits(current));
  const after = new Set(lockUnits(updated));
  await transact([
    { item: bookingUpdate(current, updated), failure: changedMeanwhile() },
    ...companions(updated, event),
    ...extra.map((item) => ({ item, failure: changedMeanwhile() })),
    ...lockChanges(
      updated,
      [...after].filter((unit) => !before.has(unit)),
      [...before].filter((unit) => !after.has(unit)),
    ),
    ...(patient
      ? [{ item: patientProfileUpdate(patient, updated.updatedAt), failure: patient.failure }]
      : []),
    effectsOf(outbox),
  ]);
};

// Cancel a booking: its new status, the removal of its locks (its time is free again) and the outbox item,
// at once.
export const cancelBookingWrite = async (
  current: Booking,
  updated: Booking,
  patient: PatientChange | null,
  outbox: OutboxEntry,
  event: BookingHistoryEvent,
  extra: readonly TransactItem[] = [],
) => {
  await transact([
    { item: bookingUpdate(current, updated), failure: changedMeanwhile() },
    ...companions(updated, event),
    ...extra.map((item) => ({ item, failure: changedMeanwhile() })),
    ...lockChanges(current, [], lockUnits(current)),
    ...(patient
      ? [{ item: patientProfileUpdate(patient, updated.updatedAt), failure: patient.failure }]
      : []),
    effectsOf(outbox),
  ]);
};

// Change a booking's status keeping its time (complete), with the patient's change and the outbox item.
export const updateBookingStatus = async (
  current: Booking,
  updated: Booking,
  patient: PatientChange | null,
  outbox: OutboxEntry,
  event: BookingHistoryEvent,
  extra: readonly TransactItem[] = [],
) => {
  await transact([
    { item: bookingUpdate(current, updated), failure: changedMeanwhile() },
    ...companions(updated, event),
    ...extra.map((item) => ({ item, failure: changedMeanwhile() })),
    ...(patient
      ? [{ item: patientProfileUpdate(patient, updated.updatedAt), failure: patient.failure }]
      : []),
    effectsOf(outbox),
  ]);
};

// Mark a booking paid (payments area): its new status and payment (optimistic on version), the patient's
// onboarding step, the outbox item of the payment's effects and the payment area's own items, at once.
export const markBookingPaidWrite = async (
  current: Booking,
  updated: Booking,
  patient: PatientChange | null,
  outbox: OutboxEntry,
  extra: readonly TransactItem[],
) => {
  const event = bookingHistoryEvent(updated, 'paid', SYSTEM_ACTOR, updated.updatedAt, {
    Amount: updated.Payment?.AmountPaid ?? null,
    Status: updated.BookingStatusId,
    ...stepChangeDetails(patient),
  });
  await transact([
    { item: bookingUpdate(current, updated), failure: changedMeanwhile() },
    ...companions(updated, event),
    ...(patient
      ? [{ item: patientProfileUpdate(patient, updated.updatedAt), failure: patient.failure }]
      : []),
    effectsOf(outbox),
    ...extra.map((item) => ({ item, failure: changedMeanwhile() })),
  ]);
};

// Record a payment that arrived after the booking closed (payments area): the booking with the payment and
// its refund owed, status unchanged (optimistic on version), and the outbox item that tells the patient.
export const recordLatePaymentWrite = async (current: Booking, updated: Booking, outbox: OutboxEntry) => {
  const event = bookingHistoryEvent(updated, 'late-payment', SYSTEM_ACTOR, updated.updatedAt, {
    Amount: updated.Payment?.AmountPaid ?? null,
    RefundOwed: updated.RefundOwed,
  });
  await transact([
    { item: bookingUpdate(current, updated), failure: changedMeanwhile() },
    ...companions(updated, event),
    effectsOf(outbox),
  ]);
};

// Record a booking's refund (payments area): the booking rewritten, optimistic on version.
export const recordBookingRefundWrite = async (current: Booking, updated: Booking) => {
  const event = bookingHistoryEvent(updated, 'refund', SYSTEM_ACTOR, updated.updatedAt, {
    State: updated.Refund?.State ?? null,
    Amount: updated.Refund?.Amount ?? null,
  });
  await transact([
    { item: bookingUpdate(current, updated), failure: changedMeanwhile() },
    ...companions(updated, event),
  ]);
};

// Bookings whose refund is owed and not yet issued (gsi3 REFUND_QUEUE), oldest appointment first.
export const listOwedRefunds = async (limit: number) => {
  const bookings: Booking[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :queue',
    ExpressionAttributeValues: { ':queue': REFUND_QUEUE },
  })) {
    bookings.push(toBooking(item));
    if (bookings.length >= limit) break;
  }
  return bookings;
};

// Get a booking by id (table key); the caller checks whose it is.
export const getBooking = async (bookingId: number): Promise<Booking | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: bookingKey(bookingId), ConsistentRead: true }),
  );
  return Item ? toBooking(Item) : null;
};

/** A time-ordered page of a patient's or a nutritionist's bookings, optionally narrowed. */
export interface BookingPageOptions {
  /** ISO instants bounding BookingTime (from inclusive, to exclusive). */
  from?: string;
  to?: string;
  descending?: boolean;
  /** Only bookings in one of these statuses. */
  statuses?: readonly BookingStatusId[];
  /** Leave out bookings in these statuses. */
  excludeStatuses?: readonly BookingStatusId[];
  typeId?: BookingTypeId;
  /** Only bookings with this nutritionist (a patient's list holds every nutritionist they had). */
  nutritionistUserId?: string;
  /** Only paid bookings (true) or priced ones without a payment applied (false): see paidStateOf. */
  paid?: boolean;
  limit: number;
  cursor: Record<string, unknown> | undefined;
  /** Reads of one page at most (a selective filter then answers a short page with a cursor). */
  maxReads?: number;
}

/** The filter expression of a page's narrowing (DynamoDB applies it after reading the key range). */
const bookingFilter = (options: BookingPageOptions) => {
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  const list = (prefix: string, ids: readonly number[]) =>
    ids
      .map((id, index) => {
        values[`:${prefix}${index}`] = id;
        return `:${prefix}${index}`;
      })
      .join(', ');
  if (options.statuses?.length) conditions.push(`BookingStatusId IN (${list('in', options.statuses)})`);
  if (options.excludeStatuses?.length)
    conditions.push(`NOT BookingStatusId IN (${list('out', options.excludeStatuses)})`);
  if (options.typeId !== undefined) {
    conditions.push('BookingTypeId = :type');
    values[':type'] = options.typeId;
  }
  if (options.nutritionistUserId !== undefined) {
    conditions.push('NutritionistUserId = :nutritionist');
    values[':nutritionist'] = options.nutritionistUserId;
  }
  if (options.paid === true) {
    conditions.push(
      'attribute_exists(Payment) AND (attribute_not_exists(Payment.Late) OR Payment.Late = :no)',
    );
    values[':no'] = false;
  } else if (options.paid === false) {
    conditions.push('TotalPaymentAmount > :zero AND (attribute_not_exists(Payment) OR Payment.Late = :yes)');
    values[':zero'] = 0;
    values[':yes'] = true;
  }
  return conditions.length ? { FilterExpression: conditions.join(' AND '), values } : { values };
};

const listBookingsPage = async (
  index: 'gsi1' | 'gsi2' | 'gsi3',
  partition: string,
  options: BookingPageOptions,
) => {
  const pk = `${index}pk`;
  const sk = `${index}sk`;
  const range =
    options.from && options.to
      ? ` AND #sk BETWEEN :from AND :to`
      : options.from
        ? ' AND #sk >= :from'
        : options.to
          ? ' AND #sk < :to'
          : '';
  const filter = bookingFilter(options);
  const input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'> = {
    IndexName: index,
    KeyConditionExpression: `#pk = :pk${range}`,
    ExpressionAttributeNames: { '#pk': pk, ...(range ? { '#sk': sk } : {}) },
    ExpressionAttributeValues: {
      ':pk': partition,
      ...(options.from ? { ':from': options.from } : {}),
      // BETWEEN is inclusive: `<to>` sorts before `<to>#<id>`, so bookings at exactly `to` stay out.
      ...(options.to ? { ':to': options.to } : {}),
      ...filter.values,
    },
    ScanIndexForward: !options.descending,
    ...(filter.FilterExpression ? { FilterExpression: filter.FilterExpression } : {}),
  };
  const page = await queryPage(input, {
    limit: options.limit,
    cursor: options.cursor,
    keyAttributes: ['pk', 'sk', pk, sk],
    ...(options.maxReads ? { maxReads: options.maxReads } : {}),
  });
  return { bookings: page.items.map(toBooking), next: page.next };
};

// One page of a patient's bookings by time (gsi1), optionally narrowed.
export const pagePatientBookings = (patientUserId: string, options: BookingPageOptions) =>
  listBookingsPage('gsi1', patientBookingsPartition(patientUserId), options);

// One page of a nutritionist's bookings by time (gsi2), optionally narrowed.
export const pageNutritionistBookings = (nutritionistUserId: string, options: BookingPageOptions) =>
  listBookingsPage('gsi2', nutritionistBookingsPartition(nutritionistUserId), options);

/** The back office's narrowing of every booking (docs/product.md#back-office-bookings). */
export interface AdminBookingPageOptions extends Omit<BookingPageOptions, 'statuses' | 'excludeStatuses'> {
  statusId?: BookingStatusId;
  patientUserId?: string;
}

/**
 * One page of every booking for the back office, from the index that holds the fewest bookings the filters
 * allow, the rest narrowed by a filter on the bounded reads of queryPage: a patient's bookings (the
 * booking's gsi1: a few dozen at most), a nutritionist's in a status (the copy's gsi3), a nutritionist's
 * (the booking's gsi2), a status (the copy's gsi2), all (the copy's gsi1). Every one is ordered by time, so
 * the date range is a key condition.
 */
export const pageAdminBookings = (options: AdminBookingPageOptions) => {
  const { statusId, patientUserId, ...rest } = options;
  const statuses = statusId !== undefined ? { statuses: [statusId] } : {};
  if (patientUserId !== undefined)
    return listBookingsPage('gsi1', patientBookingsPartition(patientUserId), { ...rest, ...statuses });
  if (rest.nutritionistUserId !== undefined) {
    const { nutritionistUserId, ...others } = rest;
    return statusId !== undefined
      ? listBookingsPage('gsi3', adminNutritionistStatusPartition(nutritionistUserId, statusId), others)
      : listBookingsPage('gsi2', nutritionistBookingsPartition(nutritionistUserId), others);
  }
  return statusId !== undefined
    ? listBookingsPage('gsi2', adminStatusPartition(statusId), rest)
    : listBookingsPage('gsi1', ADMIN_BOOKINGS_PARTITION, rest);
};

// Every booking of a nutritionist (gsi2), oldest first, for the back office's backfill.
export async function* allNutritionistBookings(nutritionistUserId: string) {
  for await (const item of queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': nutritionistBookingsPartition(nutritionistUserId) },
  }))
    yield toBooking(item);
}

/** The items of a booking as its writes store them (benchmark seeds write many with BatchWriteItem). */
export const bookingSeedItems = (booking: Booking) => [bookingItem(booking), adminViewItem(booking)];

// Whether the back office's copy of a booking exists (the index-admin-bookings job writes the missing ones).
export const writeMissingAdminView = async (booking: Booking) =>
  writtenIfConditionHolds(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: adminViewItem(booking),
        ConditionExpression: 'attribute_not_exists(pk) OR #version < :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': booking.version },
      }),
    ),
  );

/**
 * Records that the back office sent the payment link again: the outbox item of the mail, the history event
 * and the audit item at once, only while the booking is as read and awaiting payment.
 */
export const recordPaymentLinkResent = async (
  booking: Booking,
  outbox: OutboxEntry,
  event: BookingHistoryEvent,
  audit: TransactItem,
) => {
  await transact([
    {
      item: {
        ConditionCheck: {
          TableName: tableName(),
          Key: bookingKey(booking.BookingId),
          ConditionExpression: '#version = :version AND BookingStatusId = :status',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: {
            ':version': booking.version,
            ':status': BookingStatus.WAITINGFORPAYMENT,
          },
        },
      },
      failure: changedMeanwhile(),
    },
    effectsOf(outbox),
    { item: historyPut(event), failure: changedMeanwhile() },
    { item: audit, failure: changedMeanwhile() },
  ]);
};

/** The patient's completed visits among their `limit` newest bookings, newest first (the visits to review). */
export const listNewestCompletedBookings = async (patientUserId: string, limit: number) => {
  const { bookings } = await pagePatientBookings(patientUserId, {
    descending: true,
    statuses: [BookingStatus.COMPLETE],
    limit,
    cursor: undefined,
  });
  return bookings;
};

// Every booking of a nutritionist between two instants (gsi2): the busy time of slot generation.
export const listNutritionistBookingsBetween = async (
  nutritionistUserId: string,
  from: string,
  to: string,
) => {
  const bookings: Booking[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': nutritionistBookingsPartition(nutritionistUserId),
      ':from': from,
      ':to': to,
    },
  })) {
    bookings.push(toBooking(item));
  }
  return bookings;
};

// Every booking of a patient (gsi1), oldest first: intro and first-visit rules read them.
export const listPatientBookings = async (patientUserId: string) => {
  const bookings: Booking[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': patientBookingsPartition(patientUserId) },
  })) {
    bookings.push(toBooking(item));
  }
  return bookings;
};

// Every lock of a nutritionist (gsi1 `SLOTLOCKS#<id>`: the hour items), by unit, for audits and tests.
export const listSlotLocks = async (nutritionistUserId: string) => {
  const locks: { unit: number; BookingId: number }[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `SLOTLOCKS#${nutritionistUserId}` },
  })) {
    for (const [name, value] of Object.entries(item)) {
      const unit = LOCK_ATTRIBUTE.exec(name)?.[1];
      if (unit) locks.push({ unit: Number(unit), BookingId: Number(value) });
    }
  }
  return locks.sort((a, b) => a.unit - b.unit);
};

// Bookings of a job queue (gsi3 `BOOKINGS#<status>`) with BookingTime in [from, to), soonest first.
export async function* listQueuedBookings(status: QueuedStatus, from: string, to: string) {
  for await (const item of queryAll({
    IndexName: 'gsi3',
    // BETWEEN is inclusive: `<to>` sorts before `<to>#<id>`, so bookings at exactly `to` stay out.
    KeyConditionExpression: 'gsi3pk = :queue AND gsi3sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':queue': BOOKING_QUEUES[status], ':from': from, ':to': to },
  })) {
    yield toBooking(item);
  }
}

/**
 * Records a reminder as sent and puts the outbox item that sends it, in one transaction, only if the booking
 * is still as read (version, status, time) and the flag is not there yet. False when it was not recorded
 * (sent before, or the booking changed meanwhile): the caller sends nothing.
 */
export const flagReminderSent = async (
  booking: Booking,
  flag: string,
  outbox: OutboxEntry,
  event: BookingHistoryEvent,
) => {
  return writtenIfConditionHolds(
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: bookingKey(booking.BookingId),
              // No version bump: a reminder is not a change a concurrent edit of the booking should lose to.
              UpdateExpression:
                'SET RemindersSent = list_append(if_not_exists(RemindersSent, :none), :flags)',
              ConditionExpression:
                '#version = :version AND BookingStatusId = :status AND BookingTime = :time AND NOT contains(RemindersSent, :flag)',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: {
                ':none': [],
                ':flags': [flag],
                ':flag': flag,
                ':version': booking.version,
                ':status': booking.BookingStatusId,
                ':time': booking.BookingTime,
              },
            },
          },
          outboxPut(outbox),
          historyPut(event),
        ],
      }),
    ),
  );
};
