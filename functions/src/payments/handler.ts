/**
 * Lambda entry of the `payments` area: Stripe Checkout sessions, their webhook, the local checkout and the
 * payment test page's test payments.
 */
import { createAreaHandler } from '../http/area-handler';
import { isSessionActive } from '../accounts';
import {
  createCheckoutSession,
  fulfilCheckoutSession,
  getLocalCheckout,
  listPatientBookingInvoices,
  payLocalCheckout,
} from './checkout';
import { createTestPayment, getTestPaymentResult } from './test-payment';
import { receiveStripeWebhook } from './webhook';

export const handler = createAreaHandler(
  'payments',
  {
    rest: {
      createCheckoutSession,
      receiveStripeWebhook,
      fulfilCheckoutSession,
      getLocalCheckout,
      payLocalCheckout,
      listPatientBookingInvoices,
      createTestPayment,
      getTestPaymentResult,
    },
    webSocket: {},
  },
  isSessionActive,
);
