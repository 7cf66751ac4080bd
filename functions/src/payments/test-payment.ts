/**
 * The payment test page (docs/product.md#screens, Patient role: "A payment test page and /Patients/Checkout"): a
 * patient checks that card payments work end to end without touching any booking. It creates a real
 * Checkout session of TEST_PAYMENT_AMOUNT_CENTS through the same gateway as visits (the local checkout page
 * locally, Stripe in the cloud: test mode with a test key), goes back to the page, which reads the outcome
 * from the gateway (never from the browser). A paid test payment is refunded in full at once (idempotency
 * key per session), whether the webhook or the page sees the payment first, so even a live key never keeps
 * a patient's money; `charge.refunded` then marks the refund succeeded.
 */
import {
  TEST_PAYMENT_AMOUNT_CENTS,
  paymentTexts,
  type CheckoutSessionView,
  type TestPaymentView,
} from '@nutri/shared';
import * as z from 'zod';
import { getUser } from '../accounts';
import { notFound } from '../http/errors';
import { defineOperation } from '../http/operation';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import {
  getTestPayment,
  markTestPaymentPaid,
  putTestPayment,
  recordTestRefund,
  type TestPayment,
} from './test-payment-repo';
import { paymentGateway, type GatewaySession } from './stripe-gateway';

/** How long the test's Checkout page stays open (Stripe accepts 30 minutes to 24 hours). */
const TEST_SESSION_MINUTES = 60;

export const testRefundIdempotencyKey = (sessionId: string) => `refund-test-payment-${sessionId}`;

export type TestPaymentOutcome = 'test-payment' | 'test-payment-unknown' | 'not-paid';

/**
 * A paid test session: recorded as paid and refunded in full, once (the gateway returns the same refund
 * for the same key, so the webhook and the page racing each other still make one refund).
 */
export const settleTestPayment = async (session: GatewaySession, at: Date): Promise<TestPaymentOutcome> => {
  const payment = await getTestPayment(session.SessionId);
  if (!payment) return 'test-payment-unknown';
  if (session.PaymentStatus !== 'paid' || !session.PaymentIntentId) return 'not-paid';
  await markTestPaymentPaid(payment.SessionId, session.PaymentIntentId, at);
  if (payment.RefundState === null) {
    const refund = await (
      await paymentGateway()
    ).refund({
      bookingId: null,
      paymentIntentId: session.PaymentIntentId,
      amountCents: session.AmountTotal,
      idempotencyKey: testRefundIdempotencyKey(payment.SessionId),
    });
    await recordTestRefund(payment.SessionId, refund);
  }
  return 'test-payment';
};

const sessionPath = z.object({ SessionId: z.string().trim().min(1).max(255) });

export const createTestPayment = defineOperation(['Patient'], {}, async ({ actor }) => {
  const at = now();
  const base = config().PUBLIC_BASE_URL;
  const gateway = await paymentGateway();
  const user = await getUser(actor.userId);
  const session = await gateway.createSession({
    bookingId: null,
    patientUserId: actor.userId,
    customerEmail: user?.Email ?? null,
    description: 'Pagamento di prova (Nutrì)',
    amountCents: TEST_PAYMENT_AMOUNT_CENTS,
    expiresAt: new Date(at.getTime() + TEST_SESSION_MINUTES * 60_000),
    successUrl: `${base}/Patients/TestPayment?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/Patients/TestPayment`,
    createdAt: at,
  });
  await putTestPayment({
    SessionId: session.SessionId,
    PatientUserId: actor.userId,
    Gateway: gateway.kind,
    Amount: TEST_PAYMENT_AMOUNT_CENTS,
    CreatedAt: at.toISOString(),
  });
  const view: CheckoutSessionView = { SessionId: session.SessionId, Url: session.Url };
  return view;
});

const view = (payment: TestPayment, session: GatewaySession | null): TestPaymentView => ({
  SessionId: payment.SessionId,
  Gateway: payment.Gateway,
  AmountTotal: payment.Amount,
  Status: session?.Status ?? (payment.PaidAt ? 'complete' : 'expired'),
  Paid: payment.PaidAt !== null,
  RefundState: payment.RefundState,
  CreatedAt: payment.CreatedAt,
});

/** The outcome of the caller's own test payment (anyone else's: 404), settled from the gateway if paid. */
export const getTestPaymentResult = defineOperation(
  ['Patient'],
  { path: sessionPath },
  async ({ actor, path }) => {
    const payment = await getTestPayment(path.SessionId);
    if (payment?.PatientUserId !== actor.userId) throw notFound(paymentTexts.testPaymentNotFound);
    const session = await (await paymentGateway()).retrieveSession(payment.SessionId);
    if (session?.TestPayment && session.PaymentStatus === 'paid') await settleTestPayment(session, now());
    return view((await getTestPayment(payment.SessionId)) ?? payment, session);
  },
);
