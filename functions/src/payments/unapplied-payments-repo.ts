/**
 * Payments not applied to their booking (unapplied-payments.ts): a second paid Checkout session of a booking
 * already paid, or a payment for a booking that takes none. Each is kept and refunded in full.
 * - Unapplied payment `UNAPPLIEDPAYMENT#<paymentIntentId>` / `UNAPPLIEDPAYMENT`: SessionId, PaymentIntentId,
 *   BookingId, PatientUserId, Amount, PaidAt, BookingAlreadyPaid; once refunded Refund (RefundId, State,
 *   IssuedAt, ConfirmedAt). While its refund is not yet issued it sits in the sparse queue gsi3
 *   `PAYMENTS#REFUNDOWED` / `<PaidAt>#<paymentIntentId>` (the issue-refunds job). No TTL: a record of money.
 * Access patterns: record one once (with its notice, in one transaction); list the queue; record its
 * refund once; confirm the refund by payment intent (`charge.refunded` names the intent, not the session).
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';
import { countQuery, queryAll } from '../platform/db/query';
import { outboxPut, type OutboxEntry } from '../platform/outbox';
import type { GatewayRefund } from './stripe-gateway';

export interface UnappliedPayment {
  SessionId: string;
  PaymentIntentId: string;
  BookingId: number;
  PatientUserId: string;
  /** Cents, EUR. */
  Amount: number;
  PaidAt: string;
  /** The booking had been paid by another session (otherwise it took no payment at all). */
  BookingAlreadyPaid: boolean;
  Refund: {
    RefundId: string;
    State: GatewayRefund['State'];
    IssuedAt: string;
    ConfirmedAt: string | null;
  } | null;
}

export const UNAPPLIED_REFUND_QUEUE = 'PAYMENTS#REFUNDOWED';

const unappliedKey = (paymentIntentId: string) => ({
  pk: `UNAPPLIEDPAYMENT#${paymentIntentId}`,
  sk: 'UNAPPLIEDPAYMENT',
});

const toUnappliedPayment = (item: Record<string, unknown>): UnappliedPayment => ({
  SessionId: String(item.SessionId),
  PaymentIntentId: String(item.PaymentIntentId),
  BookingId: Number(item.BookingId),
  PatientUserId: String(item.PatientUserId),
  Amount: Number(item.Amount),
  PaidAt: String(item.PaidAt),
  BookingAlreadyPaid: item.BookingAlreadyPaid === true,
  Refund: (item.Refund as UnappliedPayment['Refund'] | undefined) ?? null,
});

const withoutRefund = ({ Refund: _refund, ...payment }: UnappliedPayment) => payment;

// Record the payment and its notice together, once; false when it was recorded already (a repeated event).
export const recordUnappliedPayment = async (payment: UnappliedPayment, notice: OutboxEntry) =>
  writtenIfConditionHolds(
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...unappliedKey(payment.PaymentIntentId),
                type: 'UnappliedPayment',
                // No Refund attribute until one is issued: recordUnappliedRefund's condition looks for none.
                ...withoutRefund(payment),
                gsi3pk: UNAPPLIED_REFUND_QUEUE,
                gsi3sk: `${payment.PaidAt}#${payment.PaymentIntentId}`,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          outboxPut(notice),
        ],
      }),
    ),
  );

// Get one by its payment intent.
export const getUnappliedPayment = async (paymentIntentId: string): Promise<UnappliedPayment | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: unappliedKey(paymentIntentId), ConsistentRead: true }),
  );
  return Item ? toUnappliedPayment(Item) : null;
};

// Those whose refund is not yet issued (gsi3 queue), oldest payment first.
export const listUnappliedRefundsOwed = async (limit: number) => {
  const payments: UnappliedPayment[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :queue',
    ExpressionAttributeValues: { ':queue': UNAPPLIED_REFUND_QUEUE },
  })) {
    payments.push(toUnappliedPayment(item));
    if (payments.length >= limit) break;
  }
  return payments;
};

// Record its refund (out of the queue), unless one is recorded already (e.g. its confirmation came first).
export const recordUnappliedRefund = async (
  paymentIntentId: string,
  refund: NonNullable<UnappliedPayment['Refund']>,
) =>
  writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: unappliedKey(paymentIntentId),
        UpdateExpression: 'SET Refund = :refund REMOVE gsi3pk, gsi3sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(Refund)',
        ExpressionAttributeValues: { ':refund': refund },
      }),
    ),
  );

// The provider confirmed the refund (`charge.refunded`); false when the intent is not an unapplied payment.
export const confirmUnappliedRefund = async (paymentIntentId: string, refundId: string | null, at: Date) => {
  const payment = await getUnappliedPayment(paymentIntentId);
  if (!payment) return false;
  const confirmedAt = at.toISOString();
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: unappliedKey(paymentIntentId),
      UpdateExpression: 'SET Refund = :refund REMOVE gsi3pk, gsi3sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':refund': {
          RefundId: payment.Refund?.RefundId ?? refundId ?? 'refund',
          State: 'succeeded',
          IssuedAt: payment.Refund?.IssuedAt ?? confirmedAt,
          ConfirmedAt: confirmedAt,
        },
      },
    }),
  );
  return true;
};

// How many unapplied payments still wait for their refund (the admin home's figure; counted gsi3 read).
export const countUnappliedRefundsOwed = () =>
  countQuery({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :queue',
    ExpressionAttributeValues: { ':queue': UNAPPLIED_REFUND_QUEUE },
  });
