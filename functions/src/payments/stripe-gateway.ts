/**
 * The card payment provider behind one small interface: Stripe Checkout when a secret key is configured
 * (a test-mode key locally, the live one in the cloud), otherwise the local checkout (local-checkout.ts),
 * which stores its sessions in the table and sends webhook events signed exactly like Stripe's. Both go
 * through the same webhook endpoint and the same fulfilment, so the local runtime exercises the real path.
 */
import Stripe from 'stripe';
import { config } from '../platform/config';
import { readTextSecret } from '../platform/secrets';
import { createLocalSession, getLocalSession } from './local-checkout-repo';
import { issueLocalRefund } from './local-checkout';

/** What the payments area needs to know about a Checkout session, whichever gateway created it. */
export interface GatewaySession {
  SessionId: string;
  /** From the session's metadata; null when the session is not one of ours (or a test payment). */
  BookingId: number | null;
  /** A session of the payment test page (metadata `TestPayment`): it pays no booking. */
  TestPayment: boolean;
  Status: 'open' | 'complete' | 'expired';
  PaymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  PaymentIntentId: string | null;
  /** Cents, EUR. */
  AmountTotal: number;
}

export interface CreateSessionInput {
  /** The booking it pays; null for the payment test page's small test amount, which touches no booking. */
  bookingId: number | null;
  patientUserId: string;
  customerEmail: string | null;
  /** What the patient sees on the payment page. */
  description: string;
  amountCents: number;
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
  createdAt: Date;
}

export interface RefundInput {
  /** The booking whose payment is refunded; null for a test payment. */
  bookingId: number | null;
  paymentIntentId: string;
  amountCents: number;
  /**
   * One per booking (or test payment): asking again (a job run twice, a retry) returns the same refund,
   * never a second.
   */
  idempotencyKey: string;
}

export interface GatewayRefund {
  RefundId: string;
  State: 'pending' | 'succeeded' | 'failed';
}

export interface PaymentGateway {
  kind: 'stripe' | 'local';
  createSession: (input: CreateSessionInput) => Promise<{ SessionId: string; Url: string }>;
  retrieveSession: (sessionId: string) => Promise<GatewaySession | null>;
  refund: (input: RefundInput) => Promise<GatewayRefund>;
}

/** Stripe's refund statuses in the product's three states. */
export const refundState = (status: string | null | undefined): GatewayRefund['State'] =>
  status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';

/** Stripe's webhook timestamp tolerance (seconds): older or future-dated signatures are refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const bookingIdOf = (metadata: Record<string, string> | null | undefined) => {
  const id = Number(metadata?.BookingId);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** What a session or payment pays, as metadata (also copied to the payment intent, so charges carry it). */
export const purposeMetadata = (bookingId: number | null): Record<string, string> =>
  bookingId === null ? { TestPayment: 'true' } : { BookingId: String(bookingId) };

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A Stripe Checkout session (from the API or an event) as the payments area reads it. */
export const fromStripeSession = (session: Stripe.Checkout.Session): GatewaySession => ({
  SessionId: session.id,
  BookingId: bookingIdOf(session.metadata),
  TestPayment: session.metadata?.TestPayment === 'true',
  // Stripe may add values: anything unknown counts as not (yet) paid.
  Status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
  PaymentStatus:
    session.payment_status === 'paid'
      ? 'paid'
      : session.payment_status === 'no_payment_required'
        ? 'no_payment_required'
        : 'unpaid',
  PaymentIntentId: idOf(session.payment_intent),
  AmountTotal: session.amount_total ?? 0,
});

const stripeGateway = (client: Stripe): PaymentGateway => ({
  kind: 'stripe',
  createSession: async (input) => {
    const session = await client.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: input.amountCents,
            product_data: { name: input.description },
          },
        },
      ],
      metadata: purposeMetadata(input.bookingId),
      payment_intent_data: { metadata: purposeMetadata(input.bookingId) },
      ...(input.bookingId === null ? {} : { client_reference_id: String(input.bookingId) }),
      ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
      locale: 'it',
      expires_at: Math.floor(input.expiresAt.getTime() / 1000),
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
    return { SessionId: session.id, Url: session.url };
  },
  retrieveSession: async (sessionId) => {
    try {
      return fromStripeSession(await client.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  },
  refund: async (input) => {
    const refund = await client.refunds.create(
      {
        payment_intent: input.paymentIntentId,
        amount: input.amountCents,
        reason: 'requested_by_customer',
        metadata: purposeMetadata(input.bookingId),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { RefundId: refund.id, State: refundState(refund.status) };
  },
});

const localGateway: PaymentGateway = {
  kind: 'local',
  createSession: async (input) => {
    const session = await createLocalSession(input);
    // The local checkout page of the web app (docs/product.md#screens: /Patients/Checkout).
    const url = `${config().PUBLIC_BASE_URL}/Patients/Checkout?session_id=${encodeURIComponent(session.SessionId)}`;
    return { SessionId: session.SessionId, Url: url };
  },
  retrieveSession: async (sessionId) => {
    const session = await getLocalSession(sessionId);
    return session
      ? {
          SessionId: session.SessionId,
          BookingId: session.BookingId,
          TestPayment: session.BookingId === null,
          Status: session.Status,
          PaymentStatus: session.PaymentStatus,
          PaymentIntentId: session.PaymentIntentId,
          AmountTotal: session.AmountTotal,
        }
      : null;
  },
  // A function, not the import itself: local-checkout.ts imports this module too (evaluation order).
  refund: (input) => issueLocalRefund(input),
};

let cachedClient: { key: string; client: Stripe } | undefined;

/** Stripe when a secret key is configured (ARN in the cloud, inline locally), the local checkout otherwise. */
export const paymentGateway = async (): Promise<PaymentGateway> => {
  const { STRIPE_SECRET_KEY_ARN, STRIPE_SECRET_KEY } = config();
  if (!STRIPE_SECRET_KEY_ARN && !STRIPE_SECRET_KEY) return localGateway;
  const key = await readTextSecret(STRIPE_SECRET_KEY_ARN, STRIPE_SECRET_KEY, 'Stripe secret key');
  if (cachedClient?.key !== key) cachedClient = { key, client: new Stripe(key, { maxNetworkRetries: 2 }) };
  return stripeGateway(cachedClient.client);
};

/** The secret webhook events are signed with (locally `whsec_local_nutri` unless set). */
export const webhookSecret = () => {
  const { STRIPE_WEBHOOK_SECRET_ARN, STRIPE_WEBHOOK_SECRET } = config();
  return readTextSecret(STRIPE_WEBHOOK_SECRET_ARN, STRIPE_WEBHOOK_SECRET, 'Stripe webhook secret');
};

/** The signed timestamp (seconds) of a `Stripe-Signature` header, read as Stripe's library reads it (last `t=`). */
const signedTimestamp = (signature: string) =>
  signature.split(',').reduce((timestamp, item) => {
    const [key, value] = item.split('=');
    return key === 't' ? Number.parseInt(value ?? '', 10) : timestamp;
  }, Number.NaN);

/**
 * Verifies a webhook's signature on its raw body with Stripe's library (HMAC, timestamp within 300 s of
 * `at`) and returns the event; throws Stripe's signature error otherwise.
 *
 * Stripe's library only refuses timestamps older than the tolerance: a future one always passes, so a
 * signed event captured with a forged future `t` (or signed by a clock far ahead) would stay replayable
 * for as long as its date lies ahead. The same tolerance is applied forwards, which still absorbs honest
 * clock skew between Stripe and us.
 */
export const verifyWebhookEvent = (raw: string, signature: string, secret: string, at: Date) => {
  const event = Stripe.webhooks.constructEvent(
    raw,
    signature,
    secret,
    WEBHOOK_TOLERANCE_SECONDS,
    undefined,
    // Stripe's library takes the receipt time in milliseconds here (seconds in the signature header).
    at.getTime(),
  );
  const aheadSeconds = signedTimestamp(signature) - Math.floor(at.getTime() / 1000);
  if (!(aheadSeconds <= WEBHOOK_TOLERANCE_SECONDS)) {
    throw new Stripe.errors.StripeSignatureVerificationError(signature, raw, {
      message: 'Timestamp outside the tolerance zone (in the future)',
    });
  }
  return event;
};

/** Signs a payload the way Stripe does (the local checkout's events). */
export const signWebhookPayload = (payload: string, secret: string, at: Date) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(at.getTime() / 1000),
  });
