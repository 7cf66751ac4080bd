/**
 * Lambda entry of the `payments` area: Stripe Checkout sessions, their webhook, and the payment test page's
 * test payments.
 */
import { createAreaHandler, lazyOperation } from '../http/area-handler';
import { paymentsRoutes } from '../route-table/payments';
import { isSessionActive } from '../accounts/start';

// An operation's module (its schemas, the code only it uses) is read by the first request that needs it.
const loadCheckout = () => import('./checkout');
const loadTestPayment = () => import('./test-payment');
const loadWebhook = () => import('./webhook');
const loadAdminOverview = () => import('./admin-overview');
const loadInvoicing = () => import('./invoicing-api');

export const handler = createAreaHandler(
  paymentsRoutes,
  {
    rest: {
      createCheckoutSession: lazyOperation(loadCheckout, 'createCheckoutSession'),
      receiveStripeWebhook: lazyOperation(loadWebhook, 'receiveStripeWebhook'),
      fulfilCheckoutSession: lazyOperation(loadCheckout, 'fulfilCheckoutSession'),
      createTestPayment: lazyOperation(loadTestPayment, 'createTestPayment'),
      getTestPaymentResult: lazyOperation(loadTestPayment, 'getTestPaymentResult'),
      getAdminOverview: lazyOperation(loadAdminOverview, 'getAdminOverview'),
      listPatientEvents: lazyOperation(loadAdminOverview, 'listPatientEvents'),
      listBouncedMailsForAdmin: lazyOperation(loadAdminOverview, 'listBouncedMailsForAdmin'),
      listPatientBookingInvoices: lazyOperation(loadInvoicing, 'listPatientBookingInvoices'),
      listOwnPatientInvoices: lazyOperation(loadInvoicing, 'listOwnPatientInvoices'),
      downloadPatientInvoice: lazyOperation(loadInvoicing, 'downloadPatientInvoice'),
      setStsOpposition: lazyOperation(loadInvoicing, 'setStsOpposition'),
      listOwnNutritionistInvoices: lazyOperation(loadInvoicing, 'listOwnNutritionistInvoices'),
      confirmOwnDraft: lazyOperation(loadInvoicing, 'confirmOwnDraft'),
      createOwnInvoiceUpload: lazyOperation(loadInvoicing, 'createOwnInvoiceUpload'),
      completeOwnInvoiceUpload: lazyOperation(loadInvoicing, 'completeOwnInvoiceUpload'),
      downloadNutritionistInvoice: lazyOperation(loadInvoicing, 'downloadNutritionistInvoice'),
      downloadOwnStsFile: lazyOperation(loadInvoicing, 'downloadOwnStsFile'),
      listAdminInvoices: lazyOperation(loadInvoicing, 'listAdminInvoices'),
      exportAdminInvoices: lazyOperation(loadInvoicing, 'exportAdminInvoices'),
      exportAdminInvoicesZip: lazyOperation(loadInvoicing, 'exportAdminInvoicesZip'),
      downloadAdminInvoice: lazyOperation(loadInvoicing, 'downloadAdminInvoice'),
      listBookingsToInvoice: lazyOperation(loadInvoicing, 'listBookingsToInvoice'),
      remindNutritionistOfDraft: lazyOperation(loadInvoicing, 'remindNutritionistOfDraft'),
      downloadAdminStsFile: lazyOperation(loadInvoicing, 'downloadAdminStsFile'),
    },
    webSocket: {},
  },
  isSessionActive,
);
