/**
 * What the local Stripe stand-in (local-stripe.ts) keeps, in the local table so it survives a restart of
 * `npm start` and tests can look at it. Never deployed: these items exist in DynamoDB Local only.
 * - Checkout session `CHECKOUTSESSION#<sessionId>` / `SESSION`: what Stripe's create call was given
 *   (amount, description, metadata, return URLs, expiry) plus Status, PaymentStatus and PaymentIntentId;
 *   `expiresAt` TTL a week after it closes (filtered on read: DynamoDB Local never deletes expired items).
 * - Refund `LOCALREFUND#<paymentIntentId>` / `REFUND`: RefundId, Metadata, Amount, IdempotencyKey,
 *   CreatedAt. One per payment (attribute_not_exists), as Stripe's idempotency key guarantees: asking
 *   again returns the first.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, toEpochSeconds } from '@nutri/functions/platform/db/client';
import { writtenIfConditionHolds } from '@nutri/functions/platform/db/conditional';

export interface LocalSession {
  SessionId: string;
  /** The session's metadata, as given to Stripe. */
  Metadata: Record<string, string>;
  /** Copied to the payment intent and its charge. */
  PaymentIntentMetadata: Record<string, string>;
  ClientReferenceId: string | null;
  CustomerEmail: string | null;
  /** The line item's product name: what the payment page shows. */
  Description: string;
  AmountTotal: number;
  Currency: string;
  Status: 'open' | 'complete' | 'expired';
  PaymentStatus: 'paid' | 'unpaid';
  PaymentIntentId: string | null;
  ExpiresAt: string;
  SuccessUrl: string;
  CancelUrl: string;
}

export interface LocalRefund {
  RefundId: string;
  PaymentIntentId: string;
  Metadata: Record<string, string>;
  Amount: number;
  IdempotencyKey: string | null;
  CreatedAt: string;
}

const WEEK_SECONDS = 7 * 86_400;

const sessionKey = (sessionId: string) => ({ pk: `CHECKOUTSESSION#${sessionId}`, sk: 'SESSION' });
const refundKey = (paymentIntentId: string) => ({ pk: `LOCALREFUND#${paymentIntentId}`, sk: 'REFUND' });

export const putLocalSession = async (session: LocalSession) => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...sessionKey(session.SessionId),
        type: 'LocalCheckoutSession',
        ...session,
        expiresAt: toEpochSeconds(new Date(session.ExpiresAt)) + WEEK_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

// A session by id; null when missing or past its TTL. An open session past its expiry reads as expired.
export const getLocalSession = async (sessionId: string, at: Date): Promise<LocalSession | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: sessionKey(sessionId), ConsistentRead: true }),
  );
  if (!Item || (typeof Item.expiresAt === 'number' && Item.expiresAt <= toEpochSeconds(at))) return null;
  const {
    pk: _pk,
    sk: _sk,
    type: _type,
    expiresAt: _ttl,
    ...session
  } = Item as LocalSession & {
    pk: string;
    sk: string;
    type: string;
    expiresAt: number;
  };
  const expired = session.Status === 'open' && Date.parse(session.ExpiresAt) <= at.getTime();
  return expired ? { ...session, Status: 'expired' } : session;
};

// Completes an open, unexpired session (paid); false when it was already closed.
export const completeLocalSession = (sessionId: string, paymentIntentId: string, at: Date) =>
  writtenIfConditionHolds(
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
    return { refund: (await getLocalRefund(refund.PaymentIntentId))!, created: false };
  }
};

// The refund of a payment, if any (tests look at it).
export const getLocalRefund = async (paymentIntentId: string) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: refundKey(paymentIntentId), ConsistentRead: true }),
  );
  return (Item as unknown as LocalRefund | undefined) ?? null;
};
