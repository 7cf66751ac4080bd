/**
 * The invoicing calls (docs/product.md#invoicing): documents of the patient, of the nutritionist and of the
 * back office, their 5-minute download links, the nutritionist's fiscal data, drafts confirmed or replaced
 * by an uploaded PDF, the STS file and the admin's export and reminders.
 */
import useSWR from 'swr';
import type {
  InvoiceDocumentView,
  NutritionistFiscalDataInput,
  NutritionistFiscalDataView,
} from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { api, apiPath } from '../../../api/client';
import { saveTextFile } from '../../../lib/save-file';

/** The server's Italian message of a refusal, or `fallback` (network failure, unexpected answer). */
export const errorMessage = (error: unknown, fallback: string) =>
  (isApiError(error) ? error.serverMessage : null) ?? fallback;

export type DocumentsOf = 'CurrentPatient/Invoices' | 'CurrentNutritionist/Invoices' | 'Admin/Invoicing';

/** Opens a document's PDF through its short-lived link (the link itself is never kept). */
export const openInvoicePdf = async (base: DocumentsOf, documentId: string) => {
  const { Url } = await api.get<{ Url: string }>(`${apiPath(base, documentId)}/Download`);
  window.location.assign(Url);
};

export const usePatientInvoices = () =>
  useSWR<{ Data: InvoiceDocumentView[] }>('/CurrentPatient/Invoices', (path: string) =>
    api.get<{ Data: InvoiceDocumentView[] }>(path),
  );

export interface NutritionistInvoicesView {
  Year: number;
  Data: InvoiceDocumentView[];
  Monthly: { Month: number; Invoiced: number; Credited: number }[];
  FiscalDataMissing: string[];
}

export const useNutritionistInvoices = (year: number) =>
  useSWR<NutritionistInvoicesView>(['/CurrentNutritionist/Invoices', year], ([path]: [string, number]) =>
    api.get<NutritionistInvoicesView>(path, { query: { Year: year } }),
  );

export const useFiscalData = () =>
  useSWR<NutritionistFiscalDataView>('/CurrentNutritionist/FiscalData', (path: string) =>
    api.get<NutritionistFiscalDataView>(path),
  );

export const saveFiscalData = (input: NutritionistFiscalDataInput) =>
  api.put<NutritionistFiscalDataView>('/CurrentNutritionist/FiscalData', input);

export const confirmDraft = (bookingId: number) =>
  api.post<InvoiceDocumentView>(`${apiPath('CurrentNutritionist/InvoiceDrafts', bookingId)}/Confirm`);

/** The nutritionist's own PDF: a presigned POST straight to the bucket, then the server checks it. */
export const uploadOwnInvoice = async (bookingId: number, file: File, number: string) => {
  const slot = await api.post<{ UploadId: string; Url: string; Fields: Record<string, string> }>(
    `${apiPath('CurrentNutritionist/InvoiceDrafts', bookingId)}/UploadUrl`,
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(slot.Fields)) form.append(name, value);
  form.append('file', file);
  const response = await fetch(slot.Url, { method: 'POST', body: form });
  if (!response.ok) throw new Error('upload');
  return api.post<InvoiceDocumentView>(`${apiPath('CurrentNutritionist/InvoiceDrafts', bookingId)}/Upload`, {
    UploadId: slot.UploadId,
    Number: number,
  });
};

const saveSts = async (path: string, query: Record<string, string>) =>
  saveTextFile(
    await api.get<string>(path, { query }),
    `spese-sanitarie-${query.From}-${query.To}.xml`,
    'application/xml',
  );

export const downloadOwnSts = (from: string, to: string) =>
  saveSts('/CurrentNutritionist/Invoices/Sts', { From: from, To: to });

export const downloadAdminSts = (nutritionistUserId: string, from: string, to: string) =>
  saveSts('/Admin/Invoicing/Sts', { NutritionistUserId: nutritionistUserId, From: from, To: to });

export interface AdminInvoiceFilters {
  From: string;
  To: string;
  IssuerUserId?: string | undefined;
  DocumentType?: 'invoice' | 'credit-note' | undefined;
  State?: 'issued' | 'uploaded' | undefined;
  Kind?: 'nutritionist' | 'service' | undefined;
}

export const useAdminInvoices = (filters: AdminInvoiceFilters) =>
  useSWR<{ Data: InvoiceDocumentView[] }>(
    ['/Admin/Invoicing', filters],
    ([path, query]: [string, AdminInvoiceFilters]) =>
      api.get<{ Data: InvoiceDocumentView[] }>(path, { query: { ...query } }),
  );

export const downloadAdminExport = async (filters: AdminInvoiceFilters) => {
  const text = await api.get<string>('/Admin/Invoicing/Export', { query: { ...filters } });
  saveTextFile(
    text.startsWith('\uFEFF') ? text : `\uFEFF${text}`,
    `fatture-${filters.From}-${filters.To}.csv`,
    'text/csv;charset=utf-8',
  );
};

/** The period's CSV and PDFs in one zip, through its 5-minute link (the link itself is never kept). */
export const downloadAdminZip = async (filters: AdminInvoiceFilters) => {
  const { Url } = await api.get<{ Url: string; Count: number }>('/Admin/Invoicing/Export/Zip', {
    query: { ...filters },
  });
  window.location.assign(Url);
};

export interface NutritionistMissingFiscalData {
  UserId: string;
  DisplayName: string;
  Email: string;
  Missing: string[];
}

export const useMissingFiscalData = () =>
  useSWR<{ Data: NutritionistMissingFiscalData[] }>('/Admin/Invoicing/MissingFiscalData', (path: string) =>
    api.get<{ Data: NutritionistMissingFiscalData[] }>(path),
  );

export type BookingToInvoice = InvoiceDocumentView & { DaysSincePayment: number; Overdue: boolean };

export const useBookingsToInvoice = () =>
  useSWR<{ Data: BookingToInvoice[] }>('/Admin/Invoicing/BookingsToInvoice', (path: string) =>
    api.get<{ Data: BookingToInvoice[] }>(path),
  );

export const remindNutritionist = (bookingId: number) =>
  api.post<{ Reminded: boolean }>(`${apiPath('Admin/Invoicing/BookingsToInvoice', bookingId)}/Remind`);
