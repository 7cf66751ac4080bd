/** What other areas use of this area. */
export { paymentOutboxHandlers } from './payment-effects';
export { issueOwedRefunds } from './refunds';
export { sendInvoiceReminders } from './invoice-effects';
export { paymentMailTemplates } from './mails';
