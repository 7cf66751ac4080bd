/**
 * Bookings (spec section 3: Booking) and the lock items that make double booking impossible.
 * - Booking `BOOKING#<bookingId>` / `BOOKING`, with
 *   gsi1 `PATIENT#<patientId>#BOOKINGS` / `<BookingTime ISO>#<bookingId>` (a patient's bookings by time) and
 *   gsi2 `NUTRITIONIST#<nutritionistId>#BOOKINGS` / `<BookingTime ISO>#<bookingId>` (a nutritionist's).
 * - Slot lock `SLOTLOCK#<nutritionistId>#<epoch minute>` / `LOCK`, one per 5-minute unit a booking's
 *   duration covers (shared occupiedTimeUnits), holding the BookingId; gsi1 `SLOTLOCKS#<nutritionistId>` /
 *   `<epoch minute>` lists a nutritionist's locks. Locks are put with attribute_not_exists in the booking's
 *   own transaction, so of two overlapping bookings exactly one commits; cancelling deletes them and moving
 *   moves them in the same transaction as the booking change, so no lock outlives its booking's time.
 * Access patterns: get a booking (table key); a patient's bookings by time (gsi1); a nutritionist's
 * bookings by time (gsi2); a nutritionist's locks (gsi1); create / move / cancel / complete
 * (TransactWriteItems, optimistic on `version`).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import {
  bookingTexts,
  occupiedTimeUnits,
  type BookingStatusId,
  type BookingTypeId,
  type CancelReasonId,
  type OnboardingStep,
} from '@nutri/shared';
import { AppError } from '../http/errors';
import { patientKey } from '../onboarding/patients-repo';
import { db, tableName } from '../platform/db/client';
import { queryAll, queryPage } from '../platform/db/query';

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
  createdAt: string;
  updatedAt: string;
  version: number;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const bookingKey = (bookingId: number) => ({ pk: `BOOKING#${bookingId}`, sk: 'BOOKING' });
const timeSortKey = (booking: Pick<Booking, 'BookingTime' | 'BookingId'>) =>
  `${booking.BookingTime}#${String(booking.BookingId).padStart(10, '0')}`;
export const patientBookingsPartition = (patientUserId: string) => `PATIENT#${patientUserId}#BOOKINGS`;
export const nutritionistBookingsPartition = (nutritionistUserId: string) =>
  `NUTRITIONIST#${nutritionistUserId}#BOOKINGS`;
export const slotLockKey = (nutritionistUserId: string, unit: number) => ({
  pk: `SLOTLOCK#${nutritionistUserId}#${unit}`,
  sk: 'LOCK',
});

const bookingItem = (booking: Booking) => ({
  ...bookingKey(booking.BookingId),
  type: 'Booking',
  ...booking,
  gsi1pk: patientBookingsPartition(booking.PatientUserId),
  gsi1sk: timeSortKey(booking),
  gsi2pk: nutritionistBookingsPartition(booking.NutritionistUserId),
  gsi2sk: timeSortKey(booking),
});

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
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
  version: Number(item.version ?? 0),
});

const lockUnits = (booking: Pick<Booking, 'BookingTime' | 'Duration'>) =>
  occupiedTimeUnits(new Date(booking.BookingTime), booking.Duration);

const putLock = (booking: Booking, unit: number): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...slotLockKey(booking.NutritionistUserId, unit),
      type: 'SlotLock',
      BookingId: booking.BookingId,
      gsi1pk: `SLOTLOCKS#${booking.NutritionistUserId}`,
      gsi1sk: String(unit),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const deleteLock = (booking: Booking, unit: number): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: slotLockKey(booking.NutritionistUserId, unit),
    ConditionExpression: 'attribute_not_exists(pk) OR BookingId = :id',
    ExpressionAttributeValues: { ':id': booking.BookingId },
  },
});

/** A change of the patient's profile made in the booking's transaction. */
export interface PatientChange {
  patientUserId: string;
  set: Record<string, unknown>;
  remove?: string[];
  /** Condition on the profile as read (e.g. `OnboardingStep = :step`), with its values. */
  condition?: string;
  values?: Record<string, unknown>;
  /** Message of the 409/422 when the condition fails. */
  failure: AppError;
}

const patientUpdate = (change: PatientChange, at: string): TransactItem => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': at, ...change.values };
  const sets = ['updatedAt = :now'];
  Object.entries(change.set).forEach(([field, value], index) => {
    names[`#s${index}`] = field;
    values[`:s${index}`] = value;
    sets.push(`#s${index} = :s${index}`);
  });
  const removes = (change.remove ?? []).map((field, index) => {
    names[`#r${index}`] = field;
    return `#r${index}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: patientKey(change.patientUserId),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: `attribute_exists(pk)${change.condition ? ` AND (${change.condition})` : ''}`,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    },
  };
};

/** Runs a transaction, mapping each failed condition to the error its item names (first one wins). */
const transact = async (items: { item: TransactItem; failure: AppError }[]) => {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items.map(({ item }) => item) }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
      if (failed >= 0) throw items[failed]!.failure;
      // TransactionConflict: another transaction touched the same items at the same moment.
      if (reasons.some((reason) => reason.Code === 'TransactionConflict'))
        throw new AppError('conflict', bookingTexts.slotTaken, { cause: error });
      throw new AppError('conflict', undefined, { cause: error });
    }
    throw error;
  }
};

const slotTaken = () => new AppError('conflict', bookingTexts.slotTaken);
const changedMeanwhile = () => new AppError('conflict');

// Create a booking: the booking, a lock per 5-minute unit of its duration and the patient's change, at once.
export const createBooking = async (booking: Booking, patient: PatientChange | null) => {
  await transact([
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
    ...lockUnits(booking).map((unit) => ({ item: putLock(booking, unit), failure: slotTaken() })),
    ...(patient ? [{ item: patientUpdate(patient, booking.createdAt), failure: patient.failure }] : []),
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

// Move a booking: the booking's new time, and its locks moved (units kept are left in place) at once.
export const moveBooking = async (current: Booking, updated: Booking, patient: PatientChange | null) => {
  const before = new Set(lockUnits(current));
  const after = new Set(lockUnits(updated));
  await transact([
    { item: bookingUpdate(current, updated), failure: changedMeanwhile() },
    ...[...before]
      .filter((unit) => !after.has(unit))
      .map((unit) => ({ item: deleteLock(current, unit), failure: changedMeanwhile() })),
    ...[...after]
      .filter((unit) => !before.has(unit))
      .map((unit) => ({ item: putLock(updated, unit), failure: slotTaken() })),
    ...(patient ? [{ item: patientUpdate(patient, updated.updatedAt), failure: patient.failure }] : []),
  ]);
};

// Cancel a booking: its new status and the removal of its locks (its time is free again) at once.
export const cancelBookingWrite = async (
  current: Booking,
  updated: Booking,
  patient: PatientChange | null,
) => {
  await transact([
    { item: bookingUpdate(current, updated), failure: changedMeanwhile() },
    ...lockUnits(current).map((unit) => ({ item: deleteLock(current, unit), failure: changedMeanwhile() })),
    ...(patient ? [{ item: patientUpdate(patient, updated.updatedAt), failure: patient.failure }] : []),
  ]);
};

// Change a booking's status keeping its time (complete), with the patient's change.
export const updateBookingStatus = async (
  current: Booking,
  updated: Booking,
  patient: PatientChange | null,
) => {
  await transact([
    { item: bookingUpdate(current, updated), failure: changedMeanwhile() },
    ...(patient ? [{ item: patientUpdate(patient, updated.updatedAt), failure: patient.failure }] : []),
  ]);
};

// Get a booking by id (table key); the caller checks whose it is.
export const getBooking = async (bookingId: number): Promise<Booking | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: bookingKey(bookingId), ConsistentRead: true }),
  );
  return Item ? toBooking(Item) : null;
};

/** A time-ordered page of bookings from one of the two per-owner indexes. */
export interface BookingPageQuery {
  index: 'gsi1' | 'gsi2';
  partition: string;
  /** ISO instants bounding BookingTime (from inclusive, to exclusive). */
  from?: string;
  to?: string;
  descending?: boolean;
  filter?: { expression: string; names?: Record<string, string>; values: Record<string, unknown> };
  limit: number;
  cursor: Record<string, unknown> | undefined;
}

// One page of a patient's (gsi1) or nutritionist's (gsi2) bookings by time, optionally filtered.
export const listBookingsPage = async (query: BookingPageQuery) => {
  const pk = `${query.index}pk`;
  const sk = `${query.index}sk`;
  const range =
    query.from && query.to
      ? ` AND #sk BETWEEN :from AND :to`
      : query.from
        ? ' AND #sk >= :from'
        : query.to
          ? ' AND #sk < :to'
          : '';
  const input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'> = {
    IndexName: query.index,
    KeyConditionExpression: `#pk = :pk${range}`,
    ExpressionAttributeNames: { '#pk': pk, ...(range ? { '#sk': sk } : {}), ...query.filter?.names },
    ExpressionAttributeValues: {
      ':pk': query.partition,
      ...(query.from ? { ':from': query.from } : {}),
      // BETWEEN is inclusive: `<to>` sorts before `<to>#<id>`, so bookings at exactly `to` stay out.
      ...(query.to ? { ':to': query.to } : {}),
      ...query.filter?.values,
    },
    ScanIndexForward: !query.descending,
    ...(query.filter ? { FilterExpression: query.filter.expression } : {}),
  };
  const page = await queryPage(input, {
    limit: query.limit,
    cursor: query.cursor,
    keyAttributes: ['pk', 'sk', pk, sk],
  });
  return { bookings: page.items.map(toBooking), next: page.next };
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

// Every lock item of a nutritionist (gsi1 `SLOTLOCKS#<id>`), for audits and tests.
export const listSlotLocks = async (nutritionistUserId: string) => {
  const locks: { unit: number; BookingId: number }[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `SLOTLOCKS#${nutritionistUserId}` },
  })) {
    locks.push({ unit: Number(item.gsi1sk), BookingId: Number(item.BookingId) });
  }
  return locks;
};
