/**
 * The local stand-in for Stripe's hosted checkout (no Stripe key configured). It accepts Stripe's test card
 * numbers: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined (the booking stays WAITINGFORPAYMENT).
 * A payment builds the `checkout.session.completed` event Stripe would send, signs it with the webhook
 * secret exactly as Stripe does and posts it to the real webhook endpoint, so the local runtime exercises
 * signature checking, de-duplication and fulfilment as in production; the browser then goes to the success
 * URL, whose page also asks for fulfilment (as with Stripe, whichever arrives first confirms the booking).
 */
import { API_BASE_PATH, paymentTexts, type LocalCheckoutResult } from '@nutri/shared';
import { AppError } from '../http/errors';
import { config } from '../platform/config';
import { randomToken } from '../platform/ids';
import { logger } from '../platform/logger';
import { completeLocalSession, createOrGetLocalRefund, type LocalSession } from './local-checkout-repo';
import {
  purposeMetadata,
  signWebhookPayload,
  webhookSecret,
  type GatewayRefund,
  type RefundInput,
} from './stripe-gateway';
import { now } from '../platform/clock';

/** Stripe's test cards this page knows (https://docs.stripe.com/testing). */
export const LOCAL_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

export type LocalCardOutcome = 'paid' | 'declined' | 'invalid';

/** What a card number does on the local checkout (spaces and dashes ignored). */
export const localCardOutcome = (cardNumber: string): LocalCardOutcome => {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === LOCAL_TEST_CARDS.success) return 'paid';
  if (digits === LOCAL_TEST_CARDS.declined) return 'declined';
  return 'invalid';
};

/** A Stripe event around a Checkout session object, as Stripe shapes it (fields the product reads). */
export const localCheckoutEvent = (
  type: 'checkout.session.completed' | 'checkout.session.expired',
  session: LocalSession,
  at: Date,
) => ({
  id: `evt_local_${randomToken(18)}`,
  object: 'event',
  api_version: null,
  created: Math.floor(at.getTime() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: {
    object: {
      id: session.SessionId,
      object: 'checkout.session',
      amount_total: session.AmountTotal,
      currency: session.Currency,
      client_reference_id: session.BookingId === null ? null : String(session.BookingId),
      metadata: purposeMetadata(session.BookingId),
      mode: 'payment',
      payment_intent: session.PaymentIntentId,
      payment_status: session.PaymentStatus,
      status: session.Status,
      expires_at: Math.floor(Date.parse(session.ExpiresAt) / 1000),
    },
  },
});

/** Posts a signed event to the product's own webhook endpoint, as Stripe would. */
const sendSignedEvent = async (event: object, at: Date) => {
  const payload = JSON.stringify(event);
  const signature = signWebhookPayload(payload, await webhookSecret(), at);
  const response = await fetch(`${config().PUBLIC_BASE_URL}${API_BASE_PATH}/Stripe/Webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  if (!response.ok) throw new Error(`Local webhook delivery failed with ${response.status}`);
};

export const payLocalSession = async (
  session: LocalSession,
  cardNumber: string,
  at: Date,
): Promise<LocalCheckoutResult> => {
  if (session.Status !== 'open') throw new AppError('unprocessable', paymentTexts.sessionClosed);
  const outcome = localCardOutcome(cardNumber);
  if (outcome === 'invalid')
    throw new AppError('validation_failed', paymentTexts.cardInvalid, {
      errors: { CardNumber: [paymentTexts.cardInvalid] },
    });
  if (outcome === 'declined') throw new AppError('unprocessable', paymentTexts.cardDeclined);
  const paymentIntentId = `pi_local_${randomToken(18)}`;
  if (!(await completeLocalSession(session.SessionId, paymentIntentId, at)))
    throw new AppError('unprocessable', paymentTexts.sessionClosed);
  const paid: LocalSession = {
    ...session,
    Status: 'complete',
    PaymentStatus: 'paid',
    PaymentIntentId: paymentIntentId,
  };
  try {
    await sendSignedEvent(localCheckoutEvent('checkout.session.completed', paid, at), at);
  } catch (error) {
    // The success page fulfils from the session itself, as it would if Stripe's webhook were late.
    logger.warn('Local checkout webhook not delivered', {
      sessionId: session.SessionId,
      reason: error instanceof Error ? error.name : 'Error',
    });
  }
  return { RedirectUrl: paid.SuccessUrl };
};

/**
 * A local refund: recorded once per payment (the idempotency Stripe gives), then confirmed with a signed
 * `charge.refunded` event to the webhook, as Stripe does a moment after accepting a card refund.
 */
export const issueLocalRefund = async (input: RefundInput): Promise<GatewayRefund> => {
  const at = now();
  const { refund, created } = await createOrGetLocalRefund({
    RefundId: `re_local_${randomToken(18)}`,
    BookingId: input.bookingId,
    PaymentIntentId: input.paymentIntentId,
    Amount: input.amountCents,
    IdempotencyKey: input.idempotencyKey,
    CreatedAt: at.toISOString(),
  });
  if (created) {
    const event = {
      id: `evt_local_${randomToken(18)}`,
      object: 'event',
      api_version: null,
      created: Math.floor(at.getTime() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: input.idempotencyKey },
      type: 'charge.refunded',
      data: {
        object: {
          id: `ch_local_${input.paymentIntentId.replace(/^pi_local_/, '')}`,
          object: 'charge',
          amount: input.amountCents,
          amount_refunded: input.amountCents,
          currency: 'eur',
          metadata: purposeMetadata(input.bookingId),
          payment_intent: input.paymentIntentId,
          refunded: true,
          status: 'succeeded',
        },
      },
    };
    // After this call returns, so the caller has recorded the refund before its confirmation arrives.
    setTimeout(() => {
      sendSignedEvent(event, now()).catch((error: unknown) =>
        logger.warn('Local refund webhook not delivered', {
          bookingId: input.bookingId,
          reason: error instanceof Error ? error.name : 'Error',
        }),
      );
    }, 200);
  }
  return { RefundId: refund.RefundId, State: 'pending' };
};
