/** What other features and the app use of this feature. */
export { openInvoicePdf } from './api/invoicing';
