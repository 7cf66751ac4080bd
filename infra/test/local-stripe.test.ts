import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { localCardOutcome, stripeSignature } from '../local/local-stripe';

describe('local Stripe stand-in: Stripe’s test cards', () => {
  it('4242… pays and 4000 0000 0000 0002 is declined, spaces and dashes ignored', () => {
    expect(localCardOutcome('4242 4242 4242 4242')).toBe('paid');
    expect(localCardOutcome('4242-4242-4242-4242')).toBe('paid');
    expect(localCardOutcome('4000 0000 0000 0002')).toBe('declined');
  });

  it('any other number is refused as invalid', () => {
    expect(localCardOutcome('4242 4242 4242 4241')).toBe('invalid');
    expect(localCardOutcome('')).toBe('invalid');
  });
});

describe('local Stripe stand-in: webhook signatures', () => {
  it('are what Stripe’s own library accepts', () => {
    const at = new Date();
    const payload = JSON.stringify({ id: 'evt_local_1', object: 'event', type: 'charge.refunded' });
    const header = stripeSignature(payload, 'whsec_test', at);
    const timestamp = Math.floor(at.getTime() / 1000);
    expect(header).toBe(
      `t=${timestamp},v1=${createHmac('sha256', 'whsec_test').update(`${timestamp}.${payload}`).digest('hex')}`,
    );
    expect(Stripe.webhooks.constructEvent(payload, header, 'whsec_test').id).toBe('evt_local_1');
    expect(() => Stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
  });
});
