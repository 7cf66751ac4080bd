/**
 * Test payments of the payment test page (docs/product.md#screens, Patient role).
 * - Test payment `TESTPAYMENT#<sessionId>` / `TESTPAYMENT`: SessionId, PatientUserId, Gateway, Amount,
 *   CreatedAt; once paid PaidAt and PaymentIntentId; once refunded RefundId, RefundState. `expiresAt` TTL
 *   30 days (only there to show the result and to match the provider's refund confirmation).
 * - Payment-intent pointer `TESTPAYMENTINTENT#<paymentIntentId>` / `TESTPAYMENT`: SessionId, written with
 *   the payment, so `charge.refunded` (which names the payment intent, not the session) finds the item.
 * Access patterns: put / get a test payment by session id; mark it paid once (conditional, with the
 * pointer, in one transaction); record its refund once; confirm the refund by payment intent.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, toEpochSeconds } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';
import type { GatewayRefund } from './stripe-gateway';

export interface TestPayment {
  SessionId: string;
  PatientUserId: string;
  Gateway: 'stripe' | 'local';
  /** Cents, EUR. */
  Amount: number;
  CreatedAt: string;
  PaidAt: string | null;
  PaymentIntentId: string | null;
  RefundId: string | null;
  RefundState: GatewayRefund['State'] | null;
}

const KEEP_SECONDS = 30 * 86_400;

const testPaymentKey = (sessionId: string) => ({ pk: `TESTPAYMENT#${sessionId}`, sk: 'TESTPAYMENT' });
const intentKey = (paymentIntentId: string) => ({
  pk: `TESTPAYMENTINTENT#${paymentIntentId}`,
  sk: 'TESTPAYMENT',
});

const text = (value: unknown) => (typeof value === 'string' ? value : null);

const toTestPayment = (item: Record<string, unknown>): TestPayment => ({
  SessionId: String(item.SessionId),
  PatientUserId: String(item.PatientUserId),
  Gateway: item.Gateway === 'stripe' ? 'stripe' : 'local',
  Amount: Number(item.Amount),
  CreatedAt: String(item.CreatedAt),
  PaidAt: text(item.PaidAt),
  PaymentIntentId: text(item.PaymentIntentId),
  RefundId: text(item.RefundId),
  RefundState: (text(item.RefundState) as TestPayment['RefundState']) ?? null,
});

// Record a test payment's new Checkout session.
export const putTestPayment = async (
  payment: Pick<TestPayment, 'SessionId' | 'PatientUserId' | 'Gateway' | 'Amount' | 'CreatedAt'>,
) => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...testPaymentKey(payment.SessionId),
        type: 'TestPayment',
        ...payment,
        expiresAt: toEpochSeconds(new Date(payment.CreatedAt)) + KEEP_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

// Get a test payment by its session id.
export const getTestPayment = async (sessionId: string): Promise<TestPayment | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: testPaymentKey(sessionId), ConsistentRead: true }),
  );
  return Item ? toTestPayment(Item) : null;
};

// Mark it paid with its payment intent (and the intent's pointer), once; false when it already was.
export const markTestPaymentPaid = async (sessionId: string, paymentIntentId: string, at: Date) => {
  return writtenIfConditionHolds(
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: testPaymentKey(sessionId),
              UpdateExpression: 'SET PaidAt = :at, PaymentIntentId = :intent',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(PaidAt)',
              ExpressionAttributeValues: { ':at': at.toISOString(), ':intent': paymentIntentId },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...intentKey(paymentIntentId),
                type: 'TestPaymentIntent',
                SessionId: sessionId,
                expiresAt: toEpochSeconds(at) + KEEP_SECONDS,
              },
            },
          },
        ],
      }),
    ),
  );
};

// Record the refund as the gateway returned it, unless one is recorded already (e.g. its confirmation).
export const recordTestRefund = async (sessionId: string, refund: GatewayRefund) => {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: testPaymentKey(sessionId),
        UpdateExpression: 'SET RefundId = :id, RefundState = :state',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(RefundState)',
        ExpressionAttributeValues: { ':id': refund.RefundId, ':state': refund.State },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

// The provider confirmed the refund of a test payment (`charge.refunded`); false when it is not one.
export const confirmTestRefund = async (paymentIntentId: string, refundId: string | null) => {
  const { Item: pointer } = await db().send(
    new GetCommand({ TableName: tableName(), Key: intentKey(paymentIntentId), ConsistentRead: true }),
  );
  if (typeof pointer?.SessionId !== 'string') return false;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: testPaymentKey(pointer.SessionId),
      UpdateExpression: 'SET RefundState = :succeeded, RefundId = if_not_exists(RefundId, :id)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':succeeded': 'succeeded', ':id': refundId ?? 'refund' },
    }),
  );
  return true;
};
