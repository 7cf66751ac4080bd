/**
 * Lambda entry of the `payments` area: Stripe Checkout sessions, their webhook, and the payment test page's
 * test payments.
 */
import { createAreaHandler } from '../http/area-handler';
import { paymentsRoutes } from '../route-table/payments';
import { isSessionActive } from '../accounts';
import { createCheckoutSession, fulfilCheckoutSession, listPatientBookingInvoices } from './checkout';
import { createTestPayment, getTestPaymentResult } from './test-payment';
import { receiveStripeWebhook } from './webhook';

export const handler = createAreaHandler(
  paymentsRoutes,
  {
    rest: {
      createCheckoutSession,
      receiveStripeWebhook,
      fulfilCheckoutSession,
      listPatientBookingInvoices,
      createTestPayment,
      getTestPaymentResult,
    },
    webSocket: {},
  },
  isSessionActive,
);
