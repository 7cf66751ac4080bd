import { describe, expect, it } from 'vitest';
import { refundState } from '../../src/payments/stripe-gateway';

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
