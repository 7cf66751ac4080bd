/** What other areas use of this area. */
export { paymentOutboxHandlers } from './payment-effects';
export { issueOwedRefunds } from './refunds';
export { sendInvoiceReminders } from './invoice-effects';
export { paymentMailTemplates } from './mails';
export { paymentPersonalData } from './personal-data';
export { listStsOppositions } from './sts-opposition-repo';
