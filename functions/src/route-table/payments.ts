/** The payments area's routes, all its Lambda reads at start (the whole table: functions/src/routes.ts). */
import { api, type RestRoute } from './types';

export const paymentsRestRoutes = [
  // Card payment provider (docs/product.md#api: GET {BookingId}/CreateSession) and its webhook.
  {
    method: 'GET',
    path: api('Stripe/{BookingId}/CreateSession'),
    area: 'payments',
    operation: 'createCheckoutSession',
    access: ['Patient'],
  },
  {
    method: 'POST',
    path: api('Stripe/Webhook'),
    area: 'payments',
    operation: 'receiveStripeWebhook',
    access: 'public',
    rawBody: true,
  },
  {
    method: 'POST',
    path: api('Stripe/{BookingId}/Fulfil'),
    area: 'payments',
    operation: 'fulfilCheckoutSession',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('CurrentPatient/Bookings/{id}/Invoices'),
    area: 'payments',
    operation: 'listPatientBookingInvoices',
    access: ['Patient'],
  },
  // The payment test page (docs/product.md#screens, Patient role): a small test payment, refunded, no booking.
  {
    method: 'POST',
    path: api('Stripe/TestPayments'),
    area: 'payments',
    operation: 'createTestPayment',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('Stripe/TestPayments/{SessionId}'),
    area: 'payments',
    operation: 'getTestPaymentResult',
    access: ['Patient'],
  },
  // The back office's operations overview (docs/product.md#back-office): the admin home, a patient's timeline.
  {
    method: 'GET',
    path: api('Admin/Overview'),
    area: 'payments',
    operation: 'getAdminOverview',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Patients/{userId}/Events'),
    area: 'payments',
    operation: 'listPatientEvents',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Mails/Bounced'),
    area: 'payments',
    operation: 'listBouncedMailsForAdmin',
    access: ['BusinessAdmin'],
  },
] as const satisfies readonly RestRoute[];

export const paymentsRoutes = { area: 'payments', rest: paymentsRestRoutes, webSocket: [] } as const;
