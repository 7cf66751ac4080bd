/** What other features and the app use of this feature. */
export {
  confirmDraft,
  downloadAdminExport,
  downloadAdminSts,
  downloadAdminZip,
  downloadOwnSts,
  errorMessage,
  openInvoicePdf,
  remindNutritionist,
  saveFiscalData,
  uploadOwnInvoice,
  useAdminInvoices,
  useBookingsToInvoice,
  useFiscalData,
  useMissingFiscalData,
  useNutritionistInvoices,
  usePatientInvoices,
  type AdminInvoiceFilters,
  type BookingToInvoice,
  type NutritionistMissingFiscalData,
} from './api/invoicing';
export { DocumentList, DownloadPdfButton, documentTitle, signedAmount } from './components/document-list';
export { FiscalDataWarning } from './components/fiscal-data-warning';
export { useBusyAction } from './hooks/use-busy-action';
