/**
 * A Checkout session paid, as the card payment provider tells it: a `checkout.session.completed` event for a
 * booking, signed with the local webhook secret the way Stripe signs (HMAC-SHA256 of `<timestamp>.<body>`).
 */
import { createHmac, randomUUID } from 'node:crypto';

const LOCAL_WEBHOOK_SECRET = 'whsec_local_nutri';

export const signedSessionCompleted = (bookingId: number, amount = 5500) => {
  const body = JSON.stringify({
    id: `evt_test_${randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: `cs_test_${randomUUID()}`,
        object: 'checkout.session',
        amount_total: amount,
        currency: 'eur',
        metadata: { BookingId: String(bookingId) },
        payment_intent: `pi_test_${randomUUID()}`,
        payment_status: 'paid',
        status: 'complete',
      },
    },
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', LOCAL_WEBHOOK_SECRET).update(`${timestamp}.${body}`).digest('hex');
  return { body, signature: `t=${timestamp},v1=${signature}` };
};

/** Posts the paid session to the stack's webhook endpoint. */
export const postSessionCompleted = (baseUrl: string, bookingId: number) => {
  const { body, signature } = signedSessionCompleted(bookingId);
  return fetch(`${baseUrl}/api/v2/Stripe/Webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body,
  });
};
