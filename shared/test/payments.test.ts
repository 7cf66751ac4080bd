import { describe, expect, it } from 'vitest';
import { checkoutSessionExpiry, invoiceSplit, invoiceUploadDeadline } from '../src/payments';

const at = new Date('2026-11-21T10:00:00Z');
const inMinutes = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe('checkoutSessionExpiry: no later than the payment deadline, within Stripe’s 30 min – 24 h', () => {
  it('is the deadline when it falls within the window', () => {
    expect(checkoutSessionExpiry(inMinutes(90), at)).toEqual(inMinutes(90));
    expect(checkoutSessionExpiry(inMinutes(30), at)).toEqual(inMinutes(30));
  });

  it('is 24 h from now when the deadline is further away', () => {
    expect(checkoutSessionExpiry(inMinutes(8 * 24 * 60), at)).toEqual(inMinutes(24 * 60));
  });

  it('is null (no card payment any more) when the deadline is less than 30 minutes away or past', () => {
    expect(checkoutSessionExpiry(inMinutes(29), at)).toBeNull();
    expect(checkoutSessionExpiry(inMinutes(-60), at)).toBeNull();
  });
});

describe('invoices of a paid visit', () => {
  it('splits 55 EUR into 35 EUR from the nutritionist and 20 EUR from the service', () => {
    expect(invoiceSplit(5500, 3500)).toEqual({ nutritionist: 3500, service: 2000 });
  });

  it('gives a discounted total under 35 EUR to the nutritionist only', () => {
    expect(invoiceSplit(3000, 3500)).toEqual({ nutritionist: 3000, service: 0 });
    expect(invoiceSplit(0, 3500)).toEqual({ nutritionist: 0, service: 0 });
  });

  it('sets the nutritionist’s upload deadline 12 days after the payment', () => {
    expect(invoiceUploadDeadline(new Date('2026-11-21T10:00:00Z'), 12)).toEqual(
      new Date('2026-12-03T10:00:00Z'),
    );
  });
});
