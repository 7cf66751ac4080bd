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
  // Invoicing (docs/product.md#invoicing): the patient's documents and STS opposition.
  {
    method: 'GET',
    path: api('CurrentPatient/Invoices'),
    area: 'payments',
    operation: 'listOwnPatientInvoices',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('CurrentPatient/Invoices/{DocumentId}/Download'),
    area: 'payments',
    operation: 'downloadPatientInvoice',
    access: ['Patient'],
  },
  {
    method: 'PUT',
    path: api('CurrentPatient/Bookings/{id}/StsOpposition'),
    area: 'payments',
    operation: 'setStsOpposition',
    access: ['Patient'],
  },
  // The nutritionist's invoices page: drafts to confirm or replace by their own PDF, totals, STS file.
  {
    method: 'GET',
    path: api('CurrentNutritionist/Invoices'),
    area: 'payments',
    operation: 'listOwnNutritionistInvoices',
    access: ['Nutritionist'],
  },
  {
    method: 'POST',
    path: api('CurrentNutritionist/InvoiceDrafts/{BookingId}/Confirm'),
    area: 'payments',
    operation: 'confirmOwnDraft',
    access: ['Nutritionist'],
  },
  {
    method: 'POST',
    path: api('CurrentNutritionist/InvoiceDrafts/{BookingId}/UploadUrl'),
    area: 'payments',
    operation: 'createOwnInvoiceUpload',
    access: ['Nutritionist'],
  },
  {
    method: 'POST',
    path: api('CurrentNutritionist/InvoiceDrafts/{BookingId}/Upload'),
    area: 'payments',
    operation: 'completeOwnInvoiceUpload',
    access: ['Nutritionist'],
  },
  {
    method: 'GET',
    path: api('CurrentNutritionist/Invoices/{DocumentId}/Download'),
    area: 'payments',
    operation: 'downloadNutritionistInvoice',
    access: ['Nutritionist'],
  },
  {
    method: 'GET',
    path: api('CurrentNutritionist/Invoices/Sts'),
    area: 'payments',
    operation: 'downloadOwnStsFile',
    access: ['Nutritionist'],
  },
  // The back office's invoicing screens: BusinessAdmin only (docs/decisions/0026-invoicing.md).
  {
    method: 'GET',
    path: api('Admin/Invoicing'),
    area: 'payments',
    operation: 'listAdminInvoices',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Invoicing/Export'),
    area: 'payments',
    operation: 'exportAdminInvoices',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Invoicing/Export/Zip'),
    area: 'payments',
    operation: 'exportAdminInvoicesZip',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Invoicing/{DocumentId}/Download'),
    area: 'payments',
    operation: 'downloadAdminInvoice',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Invoicing/BookingsToInvoice'),
    area: 'payments',
    operation: 'listBookingsToInvoice',
    access: ['BusinessAdmin'],
  },
  {
    method: 'POST',
    path: api('Admin/Invoicing/BookingsToInvoice/{BookingId}/Remind'),
    area: 'payments',
    operation: 'remindNutritionistOfDraft',
    access: ['BusinessAdmin'],
  },
  {
    method: 'GET',
    path: api('Admin/Invoicing/Sts'),
    area: 'payments',
    operation: 'downloadAdminStsFile',
    access: ['BusinessAdmin'],
  },
] as const satisfies readonly RestRoute[];

export const paymentsRoutes = { area: 'payments', rest: paymentsRestRoutes, webSocket: [] } as const;
