/**
 * `POST /api/v2/Stripe/Webhook` (public): Stripe's events about Checkout sessions and charges.
 * - The signature is verified on the raw body with Stripe's library (300 s tolerance against our clock);
 *   anything else is refused with 400 and changes nothing.
 * - Each event id is claimed with a conditional write: a repeated delivery (Stripe retries, or sends twice)
 *   answers 200 without acting again; a delivery that fails releases its claim so Stripe's retry acts.
 * - Order does not matter: fulfilment acts only on a booking still WAITINGFORPAYMENT (a late or repeated
 *   `completed` finds it paid and does nothing), and `expired` or `async_payment_failed` never change a
 *   booking (an unpaid one is cancelled by the booking expiry job at its deadline, whatever Stripe says), so
 *   an `expired` arriving after `completed` cannot undo the payment.
 * - A payment for a booking no longer awaiting it (cancelled or expired before the money arrived) is not
 *   applied: the booking's time may be someone else's by then. It is recorded and refunded in full, once,
 *   and the patient is mailed (late-payment.ts). So is a second payment of a booking already paid
 *   (unapplied-payments.ts).
 * - A refused signature or a handler that threw is counted for the system home
 *   (platform/webhook-failures.ts, docs/product.md#system-settings).
 */
import type Stripe from 'stripe';
import { paymentTexts } from '@nutri/shared';
import { rawBodyOf } from '../http/area-handler';
import { AppError } from '../http/errors';
import { defineOperation } from '../http/operation';
import { now } from '../platform/clock';
import { logger } from '../platform/logger';
import { recordWebhookFailure, type WebhookFailureReason } from '../platform/webhook-failures';
import { fulfilSession, type FulfilmentOutcome } from './fulfilment';
import { confirmRefund } from './refunds';
import { claimWebhookEvent, finishWebhookEvent, releaseWebhookEvent } from './webhook-events-repo';
import { fromStripeSession, verifyWebhookEvent, webhookSecret } from './stripe-gateway';
import { settleTestPayment, type TestPaymentOutcome } from './test-payment';
import { confirmTestRefund } from './test-payment-repo';
import { confirmUnappliedRefund } from './unapplied-payments-repo';

const headerOf = (headers: Record<string, string | undefined> | null, name: string) =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

/** Counted for the system home; a counter that cannot be written leaves the answer as it was. */
const countFailure = (reason: WebhookFailureReason, at: Date) =>
  recordWebhookFailure('stripe', reason, at).catch((error: unknown) =>
    logger.warn('Webhook failure not counted', { reason: error instanceof Error ? error.name : 'Error' }),
  );

type HandledOutcome = FulfilmentOutcome | TestPaymentOutcome | 'ignored' | 'recorded';

const handleEvent = async (event: Stripe.Event, at: Date): Promise<HandledOutcome> => {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      // `completed` with payment_status `unpaid` is a delayed method: async_payment_succeeded follows.
      const session = fromStripeSession(event.data.object);
      // The payment test page's sessions pay no booking: recorded and refunded at once.
      return session.TestPayment ? settleTestPayment(session, at) : fulfilSession(session, at);
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      // Nothing to change: the booking stays WAITINGFORPAYMENT and can be paid again until its deadline.
      return 'recorded';
    case 'charge.refunded': {
      // Refunds are issued by the product itself (issue-refunds job); the event confirms them.
      const charge = event.data.object;
      const paymentIntentId =
        typeof charge.payment_intent === 'string'
          ? charge.payment_intent
          : (charge.payment_intent?.id ?? null);
      if (charge.metadata?.TestPayment === 'true')
        return paymentIntentId &&
          (await confirmTestRefund(paymentIntentId, charge.refunds?.data[0]?.id ?? null))
          ? 'recorded'
          : 'ignored';
      const bookingId = Number(charge.metadata?.BookingId);
      const outcome = await confirmRefund(
        {
          bookingId: Number.isInteger(bookingId) && bookingId > 0 ? bookingId : null,
          paymentIntentId,
          refundId: charge.refunds?.data[0]?.id ?? null,
          amount: charge.amount_refunded,
        },
        at,
      );
      if (outcome !== 'unknown') return 'recorded';
      // Not the booking's own payment: the refund of a payment the booking did not take, if it is one.
      return paymentIntentId &&
        (await confirmUnappliedRefund(paymentIntentId, charge.refunds?.data[0]?.id ?? null, at))
        ? 'recorded'
        : 'ignored';
    }
    default:
      return 'ignored';
  }
};

export const receiveStripeWebhook = defineOperation('public', {}, async ({ event: request }) => {
  const at = now();
  const raw = rawBodyOf(request);
  const signature = headerOf(request.headers, 'stripe-signature');
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('missing signature');
    event = await verifyWebhookEvent(raw, signature, await webhookSecret(), at);
  } catch {
    await countFailure('signature', at);
    throw new AppError('bad_request', paymentTexts.invalidSignature);
  }
  if ((await claimWebhookEvent(event.id, event.type, at)) === 'duplicate') {
    return { received: true, duplicate: true };
  }
  let outcome: HandledOutcome;
  try {
    outcome = await handleEvent(event, at);
  } catch (error) {
    await releaseWebhookEvent(event.id).catch(() => undefined);
    await countFailure('handler', at);
    throw error;
  }
  await finishWebhookEvent(event.id, outcome, at);
  if (outcome === 'unknown-booking')
    logger.warn('Stripe payment not applied', { eventId: event.id, outcome });
  return { received: true, duplicate: false };
});
