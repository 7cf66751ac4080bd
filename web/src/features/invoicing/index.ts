/** What other features and the app use of this feature. */
export {
  confirmDraft,
  downloadAdminExport,
  downloadAdminSts,
  downloadOwnSts,
  errorMessage,
  openInvoicePdf,
  remindNutritionist,
  saveFiscalData,
  uploadOwnInvoice,
  useAdminInvoices,
  useBookingsToInvoice,
  useFiscalData,
  useNutritionistInvoices,
  usePatientInvoices,
  type AdminInvoiceFilters,
  type BookingToInvoice,
} from './api/invoicing';
export { DocumentList, DownloadPdfButton, documentTitle, signedAmount } from './components/document-list';
