/**
 * Items of the payments area.
 * - Local Checkout session `CHECKOUTSESSION#<sessionId>` / `SESSION` (local runtime only, no Stripe key):
 *   BookingId (null for a test payment), PatientUserId, AmountTotal, Currency, Status, PaymentStatus,
 *   PaymentIntentId, ExpiresAt, SuccessUrl, CancelUrl; `expiresAt` TTL a week after it closes (filtered
 *   on read: DynamoDB Local never deletes expired items).
 * - Webhook event `STRIPEEVENT#<eventId>` / `EVENT`: Type, Status (`processing` | `processed`), ReceivedAt,
 *   LeaseUntil; `expiresAt` TTL 30 days (Stripe retries for 3 days). Put with attribute_not_exists, so of two
 *   deliveries of one event exactly one processes it.
 * - Local refund `LOCALREFUND#<paymentIntentId>` / `REFUND` (local runtime only): RefundId, BookingId (null
 *   for a test payment), Amount, IdempotencyKey, CreatedAt. One per payment (attribute_not_exists), as
 *   Stripe's idempotency key guarantees: asking again returns the first.
 * Access patterns: get / create / complete a local session by id (conditional update on Status); claim,
 * finish or release a webhook event by id; create-or-get the refund of a payment.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../platform/clock';
import { db, tableName, toEpochSeconds } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';
import { randomToken } from '../platform/ids';
import type { CreateSessionInput } from './stripe-gateway';

export interface LocalSession {
  SessionId: string;
  /** Null: a test payment of the payment test page. */
  BookingId: number | null;
  PatientUserId: string;
  AmountTotal: number;
  Currency: 'eur';
  Status: 'open' | 'complete' | 'expired';
  PaymentStatus: 'paid' | 'unpaid';
  PaymentIntentId: string | null;
  ExpiresAt: string;
  SuccessUrl: string;
  CancelUrl: string;
}

const WEEK_SECONDS = 7 * 86_400;
const EVENT_KEEP_SECONDS = 30 * 86_400;
/** A crashed webhook delivery's claim is free again after this (Stripe retries later). */
const EVENT_LEASE_MS = 2 * 60_000;

const sessionKey = (sessionId: string) => ({ pk: `CHECKOUTSESSION#${sessionId}`, sk: 'SESSION' });
const eventKey = (eventId: string) => ({ pk: `STRIPEEVENT#${eventId}`, sk: 'EVENT' });

const toSession = (item: Record<string, unknown>, at: Date): LocalSession => {
  const stored = item.Status as LocalSession['Status'];
  const expiresAt = String(item.ExpiresAt);
  return {
    SessionId: String(item.SessionId),
    BookingId: typeof item.BookingId === 'number' ? item.BookingId : null,
    PatientUserId: String(item.PatientUserId),
    AmountTotal: Number(item.AmountTotal),
    Currency: 'eur',
    // An open session past its expiry is expired, as Stripe reports it.
    Status: stored === 'open' && Date.parse(expiresAt) <= at.getTime() ? 'expired' : stored,
    PaymentStatus: item.PaymentStatus === 'paid' ? 'paid' : 'unpaid',
    PaymentIntentId: typeof item.PaymentIntentId === 'string' ? item.PaymentIntentId : null,
    ExpiresAt: expiresAt,
    SuccessUrl: String(item.SuccessUrl),
    CancelUrl: String(item.CancelUrl),
  };
};

// Create a local session (ids shaped like Stripe's, random so they cannot be guessed).
export const createLocalSession = async (input: CreateSessionInput): Promise<LocalSession> => {
  const sessionId = `cs_local_${randomToken(18)}`;
  const session: LocalSession = {
    SessionId: sessionId,
    BookingId: input.bookingId,
    PatientUserId: input.patientUserId,
    AmountTotal: input.amountCents,
    Currency: 'eur',
    Status: 'open',
    PaymentStatus: 'unpaid',
    PaymentIntentId: null,
    ExpiresAt: input.expiresAt.toISOString(),
    // Stripe fills in the template the same way on its redirect.
    SuccessUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
    CancelUrl: input.cancelUrl,
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...sessionKey(session.SessionId),
        type: 'LocalCheckoutSession',
        ...session,
        expiresAt: toEpochSeconds(input.expiresAt) + WEEK_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return session;
};

// Get a local session by id; null when missing or past its TTL.
export const getLocalSession = async (sessionId: string): Promise<LocalSession | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: sessionKey(sessionId), ConsistentRead: true }),
  );
  const at = now();
  if (!Item || (typeof Item.expiresAt === 'number' && Item.expiresAt <= toEpochSeconds(at))) return null;
  return toSession(Item, at);
};

// Complete an open, unexpired local session (paid); false when it was already closed.
export const completeLocalSession = async (sessionId: string, paymentIntentId: string, at: Date) => {
  return writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(sessionId),
        UpdateExpression: 'SET #status = :complete, PaymentStatus = :paid, PaymentIntentId = :intent',
        ConditionExpression: '#status = :open AND ExpiresAt > :now',
        ExpressionAttributeNames: { '#status': 'Status' },
        ExpressionAttributeValues: {
          ':complete': 'complete',
          ':paid': 'paid',
          ':intent': paymentIntentId,
          ':open': 'open',
          ':now': at.toISOString(),
        },
      }),
    ),
  );
};

export type EventClaim = 'claimed' | 'duplicate';

/**
 * Claims a webhook event for processing: a new event, or one whose earlier delivery crashed (lease over).
 * A processed event, or one being processed right now, is a duplicate.
 */
export const claimWebhookEvent = async (eventId: string, type: string, at: Date): Promise<EventClaim> => {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...eventKey(eventId),
          type: 'StripeEvent',
          EventId: eventId,
          Type: type,
          Status: 'processing',
          ReceivedAt: at.toISOString(),
          LeaseUntil: new Date(at.getTime() + EVENT_LEASE_MS).toISOString(),
          expiresAt: toEpochSeconds(at) + EVENT_KEEP_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :processing AND LeaseUntil <= :now)',
        ExpressionAttributeNames: { '#status': 'Status' },
        ExpressionAttributeValues: { ':processing': 'processing', ':now': at.toISOString() },
      }),
    );
    return 'claimed';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'duplicate';
    throw error;
  }
};

// The event was handled: later deliveries are duplicates.
export const finishWebhookEvent = async (eventId: string, outcome: string, at: Date) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: eventKey(eventId),
      UpdateExpression: 'SET #status = :processed, Outcome = :outcome, ProcessedAt = :at REMOVE LeaseUntil',
      ExpressionAttributeNames: { '#status': 'Status' },
      ExpressionAttributeValues: { ':processed': 'processed', ':outcome': outcome, ':at': at.toISOString() },
    }),
  );
};

// Handling failed: the claim is dropped so Stripe's retry processes the event again.
export const releaseWebhookEvent = async (eventId: string) => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: eventKey(eventId) }));
};

export interface LocalRefund {
  RefundId: string;
  BookingId: number | null;
  PaymentIntentId: string;
  Amount: number;
  IdempotencyKey: string;
  CreatedAt: string;
}

const refundKey = (paymentIntentId: string) => ({ pk: `LOCALREFUND#${paymentIntentId}`, sk: 'REFUND' });

// The refund of a payment: created once; later calls get the first one back (`created` false).
export const createOrGetLocalRefund = async (
  refund: LocalRefund,
): Promise<{ refund: LocalRefund; created: boolean }> => {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...refundKey(refund.PaymentIntentId), type: 'LocalRefund', ...refund },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { refund, created: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: refundKey(refund.PaymentIntentId),
        ConsistentRead: true,
      }),
    );
    return { refund: Item as unknown as LocalRefund, created: false };
  }
};

// The refund of a payment, if any (tests and support).
export const getLocalRefund = async (paymentIntentId: string) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: refundKey(paymentIntentId), ConsistentRead: true }),
  );
  return (Item as unknown as LocalRefund | undefined) ?? null;
};
