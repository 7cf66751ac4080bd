/** Lambda entry of the `payments` area: Stripe Checkout sessions, their webhook and the local checkout. */
import { createAreaHandler } from '../http/area-handler';
import {
  createCheckoutSession,
  fulfilCheckoutSession,
  getLocalCheckout,
  listPatientBookingInvoices,
  payLocalCheckout,
} from './checkout';
import { receiveStripeWebhook } from './webhook';

export const handler = createAreaHandler('payments', {
  rest: {
    createCheckoutSession,
    receiveStripeWebhook,
    fulfilCheckoutSession,
    getLocalCheckout,
    payLocalCheckout,
    listPatientBookingInvoices,
  },
  webSocket: {},
});
