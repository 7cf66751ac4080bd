/**
 * The card payment provider behind one small interface: Stripe Checkout through Stripe's own client, with a
 * secret key from Secrets Manager in the cloud or inline locally. Locally, without a key of one's own, the
 * local runtime gives a test key and points the client at its Stripe stand-in (STRIPE_API_URL, see
 * infra/local/local-stripe.ts), which answers as Stripe does and sends the same signed webhook events; so
 * the local runtime exercises the real path and nothing here knows a stand-in exists.
 */
import type Stripe from 'stripe';
import { config } from '../platform/config';
import { readTextSecret } from '../platform/secrets';

// Stripe's library (about 240 KB) is loaded by the operations that call Stripe, not at start.
const stripeLibrary = async () => (await import('stripe')).default;

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
  /** `local`: the local runtime's Stripe stand-in (STRIPE_API_URL set). */
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

const stripeGateway = (client: Stripe, kind: PaymentGateway['kind']): PaymentGateway => ({
  kind,
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
      const { errors } = await stripeLibrary();
      if (error instanceof errors.StripeInvalidRequestError && error.statusCode === 404) return null;
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

let cachedClient: { key: string; apiUrl: string | undefined; client: Stripe } | undefined;

/** Where the client sends its requests: Stripe itself, or another origin (the local runtime's stand-in). */
const endpointOptions = (apiUrl: string | undefined) => {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  return {
    host: url.hostname,
    protocol: url.protocol === 'http:' ? ('http' as const) : ('https' as const),
    ...(url.port ? { port: Number(url.port) } : {}),
  };
};

/** Stripe with the configured secret key (ARN in the cloud, inline locally). */
export const paymentGateway = async (): Promise<PaymentGateway> => {
  const { STRIPE_SECRET_KEY_ARN, STRIPE_SECRET_KEY, STRIPE_API_URL } = config();
  const key = await readTextSecret(STRIPE_SECRET_KEY_ARN, STRIPE_SECRET_KEY, 'Stripe secret key');
  const Stripe = await stripeLibrary();
  if (cachedClient?.key !== key || cachedClient.apiUrl !== STRIPE_API_URL)
    cachedClient = {
      key,
      apiUrl: STRIPE_API_URL,
      client: new Stripe(key, { maxNetworkRetries: 2, ...endpointOptions(STRIPE_API_URL) }),
    };
  return stripeGateway(cachedClient.client, STRIPE_API_URL ? 'local' : 'stripe');
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
export const verifyWebhookEvent = async (raw: string, signature: string, secret: string, at: Date) => {
  const Stripe = await stripeLibrary();
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
