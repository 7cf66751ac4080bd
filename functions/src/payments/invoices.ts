/**
 * The documents of a paid visit (docs/product.md#invoicing), made when the payment's effects are delivered
 * (payment-effects.ts, step `invoices`):
 * - the service's invoice for the rest of the price, issued at once with the next `S-<year>-<n>` number and
 *   VAT at the configured rate;
 * - the nutritionist's health invoice (35 EUR) as a draft, made from the nutritionist's fiscal data: they
 *   confirm it (numbered `N-<year>-<n>` in their own series) or upload the PDF of their own invoice, within
 *   12 days of the payment.
 * A refund issues a credit note (`NC-S-…`, `NC-N-…`) for each issued invoice of the visit and drops a draft.
 * Numbers are gapless per issuer and year (invoices-repo.ts writeNumbered). Follow-up work (the PDF, the
 * patient's mail) goes through the outbox item written with the number (invoice-effects.ts).
 */
import {
  INVOICE_UPLOAD_DAYS,
  NUTRITIONIST_SHARE_CENTS,
  STAMP_DUTY_CENTS,
  TIME_ZONE,
  invoiceSplit,
  invoiceUploadDeadline,
  invoiceWording,
  invoicingTexts,
  splitVat,
  stampDutyDue,
  type DocumentType,
  type InvoiceKind,
} from '@nutri/shared';
import { getUser } from '../accounts';
import { customerFiscalData, issuerFiscalData, type IssuerFiscalData } from '../billing';
import { AppError, notFound } from '../http/errors';
import { config } from '../platform/config';
import { outboxPut } from '../platform/outbox';
import { defineOutboxTopic } from '../platform/outbox-topic';
import * as z from 'zod';
import {
  dropDraft,
  getDocument,
  listBookingDocuments,
  replaceDraft,
  putDraft,
  writeNumbered,
  type InvoiceLine,
  type InvoiceParty,
  type InvoiceRecord,
} from './invoices-repo';
import { getStsOpposition } from './sts-opposition-repo';

export { listBookingDocuments, type InvoiceRecord } from './invoices-repo';

/** The invoicing year of an instant: its Rome calendar year. */
export const romeYear = (at: Date) =>
  new Intl.DateTimeFormat('en', { timeZone: TIME_ZONE, year: 'numeric' }).format(at);

const SERIES_PREFIX: Record<InvoiceKind, string> = { service: 'S', nutritionist: 'N' };

/** The numbering series of an issuer's documents of a type: its counter and its number's prefix. */
const seriesOf = (kind: InvoiceKind, type: DocumentType, issuerUserId: string | null) => {
  const prefix = `${type === 'credit-note' ? 'NC-' : ''}${SERIES_PREFIX[kind]}`;
  return { counter: kind === 'service' ? prefix : `${prefix}#${issuerUserId}`, prefix };
};

const formatNumber = (prefix: string, year: string, seq: number) =>
  `${prefix}-${year}-${String(seq).padStart(6, '0')}`;

/** The service as an issuer: its company data are configuration. */
export const serviceIssuer = (): InvoiceParty => {
  const { PROVIDER_LEGAL_NAME, PROVIDER_VAT_NUMBER, PROVIDER_ADDRESS } = config();
  return {
    LegalName: PROVIDER_LEGAL_NAME,
    PartitaIva: PROVIDER_VAT_NUMBER,
    CodiceFiscale: PROVIDER_VAT_NUMBER,
    Address: PROVIDER_ADDRESS,
  };
};

const issuerParty = (issuer: IssuerFiscalData): InvoiceParty => ({ ...issuer });

/**
 * An exempt (or out-of-scope) health amount's document: the line, the stamp duty when due and who bears it,
 * and the total.
 */
export const healthDocumentAmounts = (amountCents: number) => {
  const lines: InvoiceLine[] = [
    { Description: invoiceWording.healthDescription, Net: amountCents, VatRate: null, Vat: 0 },
  ];
  const stampDuty = stampDutyDue(amountCents) ? config().STAMP_DUTY_PAYER : null;
  const amount = amountCents + (stampDuty === 'patient' ? STAMP_DUTY_CENTS : 0);
  return { lines, stampDuty, amount };
};

/** The service's part: VAT included in the amount paid, at the configured rate. */
const serviceLines = (grossCents: number): InvoiceLine[] => {
  const rate = config().PROVIDER_VAT_RATE;
  const { net, vat } = splitVat(grossCents, rate);
  return [{ Description: invoiceWording.serviceDescription, Net: net, VatRate: rate, Vat: vat }];
};

const invoiceEffectSchema = z.object({
  bookingId: z.number().int().positive(),
  kind: z.enum(['nutritionist', 'service']),
  documentType: z.enum(['invoice', 'credit-note']),
  patientUserId: z.string().min(1),
});

/** Follow-up of a document just issued or uploaded: its PDF (if the product makes it) and the patient's mail. */
export const invoiceIssuedTopic = defineOutboxTopic('invoice-issued', invoiceEffectSchema);

const issuedEntry = (record: InvoiceRecord, at: Date) =>
  outboxPut(
    invoiceIssuedTopic.entry(
      {
        bookingId: record.BookingId,
        kind: record.Kind,
        documentType: record.DocumentType,
        patientUserId: record.PatientUserId,
      },
      at,
    ),
  );

/** Issues a document with the next number of its series, and its follow-up, in one transaction. */
const issueNumbered = async (
  base: Omit<InvoiceRecord, 'Number' | 'Seq' | 'IssuedAt' | 'State'>,
  at: Date,
  replacingDraft: boolean,
) => {
  const year = romeYear(at);
  const series = seriesOf(base.Kind, base.DocumentType, base.IssuerUserId);
  return writeNumbered(
    series.counter,
    year,
    (seq) => ({
      ...base,
      Number: formatNumber(series.prefix, year, seq),
      Seq: seq,
      IssuedAt: at.toISOString(),
      State: 'issued',
    }),
    {
      replacingDraft,
      also: [issuedEntry({ ...base, Number: null, Seq: null, IssuedAt: null, State: 'issued' }, at)],
    },
  );
};

export interface VisitPayment {
  bookingId: number;
  patientUserId: string;
  nutritionistUserId: string;
  amountPaid: number;
  paidAt: Date;
}

/**
 * Makes the documents of a paid visit, each once: the service's invoice (issued) and the health invoice's
 * draft. A second delivery finds them and adds nothing.
 */
export const recordVisitInvoices = async (payment: VisitPayment, at: Date) => {
  const existing = new Set(
    (await listBookingDocuments(payment.bookingId)).map(
      (document) => `${document.Kind}:${document.DocumentType}`,
    ),
  );
  // A visit is paid only with an active billing profile (checkout.ts); without one (a payment that did not
  // come through the checkout) the documents name the account's holder and carry no codice fiscale, and
  // the STS file leaves them out.
  const customer = (await customerFiscalData(payment.patientUserId)) ?? {
    LegalName: (await getUser(payment.patientUserId))?.Name ?? 'Paziente',
    CodiceFiscale: '',
    PartitaIva: null,
    Address: '',
  };
  const split = invoiceSplit(payment.amountPaid, NUTRITIONIST_SHARE_CENTS);
  const paidAt = payment.paidAt.toISOString();
  const common = {
    BookingId: payment.bookingId,
    DocumentType: 'invoice' as const,
    PatientUserId: payment.patientUserId,
    Customer: customer,
    PaidAt: paidAt,
    RefersTo: null,
    PdfKey: null,
    CreatedAt: at.toISOString(),
    ReminderCount: 0,
    LastRemindedAt: null,
  };
  if (!existing.has('nutritionist:invoice') && split.nutritionist > 0) {
    const { lines, stampDuty, amount } = healthDocumentAmounts(split.nutritionist);
    const issuer = await issuerFiscalData(payment.nutritionistUserId);
    await putDraft({
      ...common,
      Kind: 'nutritionist',
      Number: null,
      Seq: null,
      IssuerUserId: payment.nutritionistUserId,
      Issuer: issuer ? issuerParty(issuer) : null,
      Lines: lines,
      StampDuty: stampDuty,
      Amount: amount,
      State: 'draft',
      StsOpposed: await getStsOpposition(payment.bookingId),
      IssuedAt: null,
      DueAt: invoiceUploadDeadline(payment.paidAt, INVOICE_UPLOAD_DAYS).toISOString(),
    });
  }
  if (!existing.has('service:invoice') && split.service > 0)
    await issueNumbered(
      {
        ...common,
        Kind: 'service',
        IssuerUserId: null,
        Issuer: serviceIssuer(),
        Lines: serviceLines(split.service),
        StampDuty: null,
        Amount: split.service,
        StsOpposed: false,
        DueAt: null,
      },
      at,
      false,
    );
};

/** The nutritionist's own draft, or 404 (anyone else's draft is not theirs to see). */
export const requireOwnDocument = async (
  nutritionistUserId: string,
  bookingId: number,
  kind: InvoiceKind,
  type: DocumentType,
) => {
  const document = await getDocument(bookingId, kind, type);
  if (!document || document.IssuerUserId !== nutritionistUserId)
    throw notFound(invoicingTexts.documentNotFound);
  return document;
};

/** The issuer data a health invoice needs, or the Italian refusal saying what to complete. */
const requireIssuer = async (nutritionistUserId: string) => {
  const issuer = await issuerFiscalData(nutritionistUserId);
  if (!issuer) throw new AppError('unprocessable', invoicingTexts.fiscalDataIncomplete);
  return issuerParty(issuer);
};

/** The nutritionist confirms the product's draft with one click: numbered in their series, then its PDF. */
export const confirmDraft = async (nutritionistUserId: string, bookingId: number, at: Date) => {
  const draft = await requireOwnDocument(nutritionistUserId, bookingId, 'nutritionist', 'invoice');
  if (draft.State !== 'draft') throw new AppError('conflict', invoicingTexts.notADraft);
  const issuer = await requireIssuer(nutritionistUserId);
  const { Number: _n, Seq: _s, IssuedAt: _i, State: _st, ...base } = draft;
  const written = await issueNumbered({ ...base, Issuer: issuer }, at, true);
  if (written.outcome === 'exists') throw new AppError('conflict', invoicingTexts.notADraft);
  return written.record;
};

/** The health invoice's draft replaced by the nutritionist's own invoice (their number, their PDF). */
export const recordOwnInvoice = async (
  nutritionistUserId: string,
  bookingId: number,
  ownNumber: string,
  pdfKey: string,
  at: Date,
) => {
  const draft = await requireOwnDocument(nutritionistUserId, bookingId, 'nutritionist', 'invoice');
  if (draft.State !== 'draft') throw new AppError('conflict', invoicingTexts.notADraft);
  const issuer = await requireIssuer(nutritionistUserId);
  const record: InvoiceRecord = {
    ...draft,
    Issuer: issuer,
    Number: ownNumber,
    Seq: null,
    State: 'uploaded',
    IssuedAt: at.toISOString(),
    PdfKey: pdfKey,
  };
  if (!(await replaceDraft(record, [issuedEntry(record, at)])))
    throw new AppError('conflict', invoicingTexts.notADraft);
  return record;
};

/**
 * A refund of the visit: a credit note reversing each issued or uploaded invoice, once each, and the
 * health draft (never issued) dropped.
 */
export const issueCreditNotes = async (bookingId: number, at: Date) => {
  const documents = await listBookingDocuments(bookingId);
  const credited = new Set(
    documents.filter((document) => document.DocumentType === 'credit-note').map((document) => document.Kind),
  );
  for (const invoice of documents) {
    if (invoice.DocumentType !== 'invoice') continue;
    if (invoice.State === 'draft') {
      await dropDraft(invoice);
      continue;
    }
    if (credited.has(invoice.Kind) || !invoice.Number || !invoice.IssuedAt) continue;
    await issueNumbered(
      {
        ...invoice,
        DocumentType: 'credit-note',
        RefersTo: { Number: invoice.Number, IssuedAt: invoice.IssuedAt },
        PdfKey: null,
        DueAt: null,
        CreatedAt: at.toISOString(),
        ReminderCount: 0,
        LastRemindedAt: null,
      },
      at,
      false,
    );
  }
};
