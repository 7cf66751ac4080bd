/**
 * Stands in for Stripe's servers locally (no Stripe key configured), as local-tally.ts does for Tally's.
 * Two faces, both in the local runtime only:
 * - Stripe's REST API, the part the payments area calls (create and retrieve a Checkout session, create a
 *   refund), on a port of its own. The payments area talks to it through the real `stripe` client, pointed
 *   here by STRIPE_API_URL, so nothing in the deployed code knows a stand-in exists.
 * - Stripe's hosted payment page: the web app's /Patients/Checkout page calls
 *   GET /dev/stripe/checkout/{SessionId} and POST /dev/stripe/checkout/{SessionId}/pay on the gateway. It
 *   accepts Stripe's test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. As on Stripe's
 *   page, the unguessable session id is what lets the browser see and pay the session.
 * A payment or a refund sends the event Stripe would (`checkout.session.completed`, `charge.refunded`),
 * signed with the webhook secret exactly as Stripe signs, to the real webhook route, so the local runtime
 * exercises signature checking, de-duplication and fulfilment as in production.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_BASE_PATH, paymentTexts, type LocalCheckoutResult, type LocalCheckoutView } from '@nutri/shared';
import { randomToken } from '@nutri/functions/platform/ids';
import {
  completeLocalSession,
  createOrGetLocalRefund,
  getLocalSession,
  putLocalSession,
  type LocalSession,
} from './local-stripe-repo';

/** The key the payments area is given locally; the stand-in refuses any other, as Stripe would. */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_nutri';
/** The secret the stand-in signs its webhook events with (functions' config reads the same default). */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_nutri';
/** Stripe confirms a card refund a moment after accepting it; so does the stand-in. */
const REFUND_CONFIRMATION_DELAY_MS = 200;

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

/** Stripe's `Stripe-Signature` header: `t=<seconds>,v1=<HMAC-SHA256 of "<t>.<payload>">`. */
export const stripeSignature = (payload: string, secret: string, at: Date) => {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
};

const webhookSecret = () => process.env.STRIPE_WEBHOOK_SECRET ?? LOCAL_STRIPE_WEBHOOK_SECRET;

/** Posts a signed event to the product's own webhook route, as Stripe would. */
const sendSignedEvent = async (webhookOrigin: string, type: string, object: object, at: Date) => {
  const payload = JSON.stringify({
    id: `evt_local_${randomToken(18)}`,
    object: 'event',
    api_version: null,
    created: Math.floor(at.getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const response = await fetch(`${webhookOrigin}${API_BASE_PATH}/Stripe/Webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': stripeSignature(payload, webhookSecret(), at),
    },
    body: payload,
  });
  if (!response.ok) throw new Error(`Local webhook delivery failed with ${response.status}`);
};

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** A session as Stripe's API shapes a `checkout.session` (the fields the payments area reads, and a few more). */
const sessionObject = (session: LocalSession, checkoutOrigin: string) => ({
  id: session.SessionId,
  object: 'checkout.session',
  amount_total: session.AmountTotal,
  currency: session.Currency,
  client_reference_id: session.ClientReferenceId,
  customer_email: session.CustomerEmail,
  metadata: session.Metadata,
  mode: 'payment',
  payment_intent: session.PaymentIntentId,
  payment_status: session.PaymentStatus,
  status: session.Status,
  expires_at: seconds(session.ExpiresAt),
  success_url: session.SuccessUrl,
  cancel_url: session.CancelUrl,
  url:
    session.Status === 'open'
      ? `${checkoutOrigin}/Patients/Checkout?session_id=${encodeURIComponent(session.SessionId)}`
      : null,
});

/** Stripe's error body; the `stripe` client turns it into the matching error class (404: resource_missing). */
const stripeError = (response: ServerResponse, status: number, message: string, code?: string) =>
  sendJson(response, status, { error: { type: 'invalid_request_error', message, code } });

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
};

const readForm = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

/** `prefix[key]=value` pairs of a form (how Stripe's client encodes a map such as metadata). */
const mapOf = (form: URLSearchParams, prefix: string) =>
  Object.fromEntries(
    [...form.entries()]
      .filter(([name]) => name.startsWith(`${prefix}[`) && name.endsWith(']'))
      .map(([name, value]) => [name.slice(prefix.length + 1, -1), value]),
  );

const createSession = async (form: URLSearchParams, checkoutOrigin: string, at: Date) => {
  const item = 'line_items[0][price_data]';
  const amount = Number(form.get(`${item}[unit_amount]`));
  const quantity = Number(form.get('line_items[0][quantity]') ?? '1');
  const successUrl = form.get('success_url');
  const cancelUrl = form.get('cancel_url');
  const expiresAt = Number(form.get('expires_at') ?? Math.floor(at.getTime() / 1000) + 86_400);
  if (!Number.isInteger(amount) || amount <= 0 || !successUrl || !cancelUrl || !Number.isFinite(expiresAt))
    return null;
  const sessionId = `cs_local_${randomToken(18)}`;
  const session: LocalSession = {
    SessionId: sessionId,
    Metadata: mapOf(form, 'metadata'),
    PaymentIntentMetadata: mapOf(form, 'payment_intent_data[metadata]'),
    ClientReferenceId: form.get('client_reference_id'),
    CustomerEmail: form.get('customer_email'),
    Description: form.get(`${item}[product_data][name]`) ?? '',
    AmountTotal: amount * quantity,
    Currency: form.get(`${item}[currency]`) ?? 'eur',
    Status: 'open',
    PaymentStatus: 'unpaid',
    PaymentIntentId: null,
    ExpiresAt: new Date(expiresAt * 1000).toISOString(),
    // Stripe fills in the template the same way on its redirect.
    SuccessUrl: successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
    CancelUrl: cancelUrl,
  };
  await putLocalSession(session);
  return sessionObject(session, checkoutOrigin);
};

/**
 * A refund: recorded once per payment (the idempotency Stripe gives), then confirmed with a signed
 * `charge.refunded` event a moment later, after the caller has recorded the refund.
 */
const createRefund = async (form: URLSearchParams, idempotencyKey: string | null, webhookOrigin: string) => {
  const paymentIntentId = form.get('payment_intent');
  const amount = Number(form.get('amount'));
  if (!paymentIntentId || !Number.isInteger(amount) || amount <= 0) return null;
  const at = new Date();
  const { refund, created } = await createOrGetLocalRefund({
    RefundId: `re_local_${randomToken(18)}`,
    PaymentIntentId: paymentIntentId,
    Metadata: mapOf(form, 'metadata'),
    Amount: amount,
    IdempotencyKey: idempotencyKey,
    CreatedAt: at.toISOString(),
  });
  if (created) {
    const charge = {
      id: `ch_local_${paymentIntentId.replace(/^pi_local_/, '')}`,
      object: 'charge',
      amount,
      amount_refunded: amount,
      currency: 'eur',
      metadata: refund.Metadata,
      payment_intent: paymentIntentId,
      refunded: true,
      status: 'succeeded',
    };
    setTimeout(() => {
      sendSignedEvent(webhookOrigin, 'charge.refunded', charge, new Date()).catch((error: unknown) => {
        console.warn(
          `Local refund webhook not delivered: ${error instanceof Error ? error.message : 'Error'}`,
        );
      });
    }, REFUND_CONFIRMATION_DELAY_MS);
  }
  return {
    id: refund.RefundId,
    object: 'refund',
    amount: refund.Amount,
    currency: 'eur',
    metadata: refund.Metadata,
    payment_intent: refund.PaymentIntentId,
    status: 'pending',
  };
};

export interface LocalStripeOptions {
  /** The product's origin: the hosted page's URL is on it. */
  checkoutOrigin: string;
  /** Where the webhook route is reached from this process. */
  webhookOrigin: string;
}

/** Stripe's API (the part the product uses) on a free loopback port; its origin goes into STRIPE_API_URL. */
export const startLocalStripe = async ({ checkoutOrigin, webhookOrigin }: LocalStripeOptions) => {
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.headers.authorization !== `Bearer ${LOCAL_STRIPE_SECRET_KEY}`)
      return stripeError(response, 401, 'Invalid API Key provided.');
    const url = new URL(request.url ?? '/', 'http://stripe.local');
    const at = new Date();
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const session = await createSession(await readForm(request), checkoutOrigin, at);
      return session
        ? sendJson(response, 200, session)
        : stripeError(response, 400, 'Missing required param.', 'parameter_missing');
    }
    const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (request.method === 'GET' && retrieve?.[1]) {
      const session = await getLocalSession(decodeURIComponent(retrieve[1]), at);
      return session
        ? sendJson(response, 200, sessionObject(session, checkoutOrigin))
        : stripeError(response, 404, `No such checkout.session: '${retrieve[1]}'`, 'resource_missing');
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = request.headers['idempotency-key'];
      const refund = await createRefund(
        await readForm(request),
        typeof key === 'string' ? key : null,
        webhookOrigin,
      );
      return refund
        ? sendJson(response, 200, refund)
        : stripeError(response, 400, 'Missing required param.', 'parameter_missing');
    }
    return stripeError(response, 404, 'Unrecognized request URL.');
  };
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.warn(
        `Local Stripe failed: ${error instanceof Error ? (error.stack ?? error.message) : 'Error'}`,
      );
      if (!response.headersSent) sendJson(response, 500, { error: { type: 'api_error', message: 'Error' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** An answer of the hosted page's two calls, in the API's error shape. */
export interface LocalCheckoutAnswer {
  status: number;
  body: unknown;
}

const notFound = { status: 404, body: { code: 'not_found', message: paymentTexts.sessionNotFound } };

/** GET /dev/stripe/checkout/{SessionId}: what the hosted page shows. */
export const localCheckoutView = async (sessionId: string): Promise<LocalCheckoutAnswer> => {
  const session = await getLocalSession(sessionId, new Date());
  if (!session) return notFound;
  const view: LocalCheckoutView = {
    SessionId: session.SessionId,
    Description: session.Description,
    TestPayment: session.Metadata.TestPayment === 'true',
    AmountTotal: session.AmountTotal,
    Currency: session.Currency,
    Status: session.Status,
    ExpiresAt: session.ExpiresAt,
    CancelUrl: session.CancelUrl,
  };
  return { status: 200, body: view };
};

/** POST /dev/stripe/checkout/{SessionId}/pay: a test card paid (or not); then the browser goes to the success URL. */
export const payLocalCheckout = async (
  sessionId: string,
  cardNumber: string,
  webhookOrigin: string,
): Promise<LocalCheckoutAnswer> => {
  const at = new Date();
  const session = await getLocalSession(sessionId, at);
  if (!session) return notFound;
  const closed = { status: 422, body: { code: 'unprocessable', message: paymentTexts.sessionClosed } };
  if (session.Status !== 'open') return closed;
  const outcome = localCardOutcome(cardNumber);
  if (outcome === 'invalid')
    return {
      status: 400,
      body: {
        code: 'validation_failed',
        message: paymentTexts.cardInvalid,
        Errors: { CardNumber: [paymentTexts.cardInvalid] },
      },
    };
  if (outcome === 'declined')
    return { status: 422, body: { code: 'unprocessable', message: paymentTexts.cardDeclined } };
  const paymentIntentId = `pi_local_${randomToken(18)}`;
  if (!(await completeLocalSession(session.SessionId, paymentIntentId, at))) return closed;
  const paid: LocalSession = {
    ...session,
    Status: 'complete',
    PaymentStatus: 'paid',
    PaymentIntentId: paymentIntentId,
  };
  try {
    await sendSignedEvent(
      webhookOrigin,
      'checkout.session.completed',
      sessionObject(paid, webhookOrigin),
      at,
    );
  } catch (error) {
    // The success page fulfils from the session itself, as it would if Stripe's webhook were late.
    console.warn(`Local checkout webhook not delivered: ${error instanceof Error ? error.message : 'Error'}`);
  }
  const result: LocalCheckoutResult = { RedirectUrl: paid.SuccessUrl };
  return { status: 200, body: result };
};
