/**
 * A booking's history (docs/product.md#back-office-bookings): one item per event, put in the transaction of
 * the change it records (booking writes, payments, refunds, reminders, video-room entries, back-office
 * actions), so an event never exists without its change nor a change without its event. Mails are
 * recorded by the outbox step that sends them and carry their delivery status, updated from the mail
 * service's events.
 * - Event `BOOKING#<bookingId>` / `EVENT#<At ISO>#<EventId>`, in the booking's own partition; gsi1
 *   `PATIENT#<patientId>#BOOKINGEVENTS` / `<At ISO>#<EventId>`.
 * Access patterns: a booking's history, newest first (Query on the booking's partition, `EVENT#` prefix);
 * a patient's booking events, newest first (gsi1); a mail's delivery status, newest event wins
 * (conditional UpdateItem on the key the mail's tags name).
 */
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  BookingHistoryActorRole,
  BookingHistoryEventView,
  BookingHistoryKind,
  EmailEvent,
} from '@nutri/shared';
import { db, tableName } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';
import type { TransactItem } from '../platform/db/transact';
import { newId } from '../platform/ids';
import type { MailEvent } from '../platform/mail-events';

export type BookingHistoryEvent = Omit<BookingHistoryEventView, 'ActorName'>;

export interface BookingHistoryActor {
  role: BookingHistoryActorRole;
  userId: string | null;
}

export const SYSTEM_ACTOR: BookingHistoryActor = { role: 'System', userId: null };

const EVENT_PREFIX = 'EVENT#';
const eventSortKey = (event: Pick<BookingHistoryEvent, 'At' | 'EventId'>) => `${event.At}#${event.EventId}`;
const patientEventsPartition = (patientUserId: string) => `PATIENT#${patientUserId}#BOOKINGEVENTS`;

/** The new event of a booking change (the caller puts it with historyPut in the change's transaction). */
/**
 * The patient's onboarding step a booking change moved, for its history event (`StepFrom`, `StepTo`): the
 * patient timeline shows each move of the step from these. Nothing when the step stayed as it was.
 */
export const stepChangeDetails = (
  change: { set: Record<string, unknown>; expect?: { step?: number } } | null,
): { StepFrom?: number; StepTo?: number } =>
  typeof change?.set.OnboardingStep === 'number' && typeof change.expect?.step === 'number'
    ? { StepFrom: change.expect.step, StepTo: change.set.OnboardingStep }
    : {};

export const bookingHistoryEvent = (
  booking: { BookingId: number; PatientUserId: string; NutritionistUserId: string },
  kind: BookingHistoryKind,
  actor: BookingHistoryActor,
  at: Date | string,
  details: BookingHistoryEvent['Details'] = {},
  reason: string | null = null,
  eventId: string = newId(),
): BookingHistoryEvent => ({
  EventId: eventId,
  BookingId: booking.BookingId,
  PatientUserId: booking.PatientUserId,
  NutritionistUserId: booking.NutritionistUserId,
  Kind: kind,
  At: typeof at === 'string' ? at : at.toISOString(),
  ActorRole: actor.role,
  ActorUserId: actor.userId,
  Reason: reason,
  Details: details,
});

const historyItem = (event: BookingHistoryEvent) => ({
  pk: `BOOKING#${event.BookingId}`,
  sk: `${EVENT_PREFIX}${eventSortKey(event)}`,
  type: 'BookingEvent',
  ...event,
  gsi1pk: patientEventsPartition(event.PatientUserId),
  gsi1sk: eventSortKey(event),
});

// Record one event in the transaction of its change (an id is never reused).
export const historyPut = (event: BookingHistoryEvent): TransactItem => ({
  Put: { TableName: tableName(), Item: historyItem(event), ConditionExpression: 'attribute_not_exists(pk)' },
});

// Record an event on its own, once (a mail: its id is derived from the outbox step that sent it).
export const recordHistoryOnce = (event: BookingHistoryEvent) =>
  writtenIfConditionHolds(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: historyItem(event),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );

const toEvent = (item: Record<string, unknown>): BookingHistoryEvent => ({
  EventId: String(item.EventId),
  BookingId: Number(item.BookingId),
  PatientUserId: String(item.PatientUserId),
  NutritionistUserId: String(item.NutritionistUserId),
  Kind: item.Kind as BookingHistoryKind,
  At: String(item.At),
  ActorRole: item.ActorRole as BookingHistoryActorRole,
  ActorUserId: typeof item.ActorUserId === 'string' ? item.ActorUserId : null,
  Reason: typeof item.Reason === 'string' ? item.Reason : null,
  Details: (item.Details ?? {}) as BookingHistoryEvent['Details'],
});

/** A booking's history is bounded by what happens to one appointment; this caps a pathological one. */
const MAX_BOOKING_EVENTS = 200;

// A booking's history, newest first (its partition, `EVENT#` prefix).
export const listBookingEvents = async (bookingId: number): Promise<BookingHistoryEvent[]> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `BOOKING#${bookingId}`, ':prefix': EVENT_PREFIX },
      ScanIndexForward: false,
      Limit: MAX_BOOKING_EVENTS,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(toEvent);
};

/**
 * A patient's booking events, newest first (gsi1 `PATIENT#<id>#BOOKINGEVENTS`): at most `limit`, before
 * the instant `before` when given (the caller's cursor: the At of the last event it showed).
 */
export const listPatientBookingEvents = async (
  patientUserId: string,
  options: { limit: number; before?: string },
): Promise<BookingHistoryEvent[]> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: options.before ? 'gsi1pk = :pk AND gsi1sk < :before' : 'gsi1pk = :pk',
      ExpressionAttributeValues: {
        ':pk': patientEventsPartition(patientUserId),
        ...(options.before ? { ':before': options.before } : {}),
      },
      ScanIndexForward: false,
      Limit: Math.max(1, Math.min(options.limit, 500)),
    }),
  );
  return (Items ?? []).map(toEvent);
};

/** The tag a booking mail carries, naming its history event (SES tag values: letters, digits, _ and -). */
export const BOOKING_MAIL_EVENT_TAG = 'bookingevent';

export const bookingMailEventTag = (event: Pick<BookingHistoryEvent, 'BookingId' | 'At' | 'EventId'>) =>
  `${event.BookingId}_${Date.parse(event.At)}_${event.EventId}`;

const parseMailEventTag = (tag: string) => {
  const match = /^(\d+)_(\d+)_([A-Za-z0-9-]+)$/.exec(tag);
  if (!match) return null;
  const at = new Date(Number(match[2]));
  if (Number.isNaN(at.getTime())) return null;
  return { bookingId: Number(match[1]), at: at.toISOString(), eventId: match[3]! };
};

/**
 * Applies a mail service event to the mail's history entry: its delivery status, the newest event winning
 * (the mail service does not keep order). 'missing' when the tag names no entry.
 */
export const applyBookingMailEvent = async (
  tag: string,
  event: Pick<MailEvent, 'event' | 'at'>,
): Promise<'applied' | 'stale' | 'missing'> => {
  const parsed = parseMailEventTag(tag);
  if (!parsed) return 'missing';
  const applied = await writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: {
          pk: `BOOKING#${parsed.bookingId}`,
          sk: `${EVENT_PREFIX}${parsed.at}#${parsed.eventId}`,
        },
        UpdateExpression: 'SET Details.LastEvent = :event, Details.LastEventAt = :at',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(Details.LastEventAt) OR Details.LastEventAt <= :at)',
        ExpressionAttributeValues: { ':event': event.event satisfies EmailEvent, ':at': event.at },
      }),
    ),
  );
  return applied ? 'applied' : 'stale';
};
