import { describe, expect, it } from 'vitest';
import { localCardOutcome } from '../../src/payments/local-checkout';
import { refundState } from '../../src/payments/stripe-gateway';

describe('local checkout: Stripe’s test cards', () => {
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

describe('refund states', () => {
  it('maps Stripe’s refund statuses to pending, succeeded or failed', () => {
    expect(refundState('succeeded')).toBe('succeeded');
    expect(refundState('pending')).toBe('pending');
    expect(refundState('requires_action')).toBe('pending');
    expect(refundState('failed')).toBe('failed');
    expect(refundState('canceled')).toBe('failed');
    expect(refundState(null)).toBe('pending');
  });
});
