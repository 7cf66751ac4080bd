/**
 * Invoicing routes (docs/product.md#invoicing): the patient's documents and STS opposition, the
 * nutritionist's invoices page (confirm a draft, upload their own PDF, monthly totals, STS file) and the
 * BusinessAdmin's invoicing screens. Every document read names its owner: a patient reaches only documents
 * of their own visits, a nutritionist only the ones they issue; anyone else gets 404.
 */
import {
  CHAT_MAX_FILE_BYTES,
  invoicePeriodSchema,
  invoicingTexts,
  inRome,
  ownInvoiceUploadSchema,
  romeInstant,
  stsOppositionSchema,
  type DocumentType,
  type InvoiceDocumentView,
  type InvoiceKind,
  type InvoiceView,
} from '@nutri/shared';
import * as z from 'zod';
import { getDisplayNames } from '../accounts';
import { nutritionistFiscalDataView } from '../billing';
import { requireOwnBooking } from '../bookings';
import { AppError, notFound } from '../http/errors';
import { HttpResponse, defineOperation } from '../http/operation';
import { idPath, pathId } from '../http/path-id';
import { recordAudit } from '../platform/audit';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { matchesFileSignature } from '../platform/file-signatures';
import {
  deleteObject,
  headObject,
  presignDownload,
  presignUpload,
  putObject,
  readObject,
  readObjectStart,
} from '../platform/files';
import { newId } from '../platform/ids';
import { remindDraftNow } from './invoice-effects';
import { confirmDraft, recordOwnInvoice, requireOwnDocument } from './invoices';
import {
  getDocument,
  listBookingDocuments,
  listDrafts,
  listIssuedDocuments,
  listIssuerDocuments,
  listPatientDocuments,
  setDraftStsOpposition,
  type InvoiceRecord,
} from './invoices-repo';
import { putStsOpposition } from './sts-opposition-repo';
import { stsXml } from './sts-export';
import { csvCell } from '../platform/csv';

const DOWNLOAD_EXPIRES_SECONDS = 300;
const UPLOAD_EXPIRES_SECONDS = 600;
const ZIP_MAX_DOCUMENTS = 2000;
const ZIP_READS_AT_ONCE = 16;

const TYPE_SUFFIX: Record<DocumentType, string> = { invoice: 'fattura', 'credit-note': 'nc' };
export const documentIdOf = (record: Pick<InvoiceRecord, 'BookingId' | 'Kind' | 'DocumentType'>) =>
  `${record.BookingId}-${record.Kind}-${TYPE_SUFFIX[record.DocumentType]}`;

/** `<bookingId>-<kind>-<fattura|nc>`, the download paths' id. */
const documentIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,8}-(nutritionist|service)-(fattura|nc)$/, { error: invoicingTexts.documentNotFound })
  .transform((value): { bookingId: number; kind: InvoiceKind; type: DocumentType } => {
    const [bookingId, kind, suffix] = value.split('-') as [string, InvoiceKind, string];
    return { bookingId: Number(bookingId), kind, type: suffix === 'nc' ? 'credit-note' : 'invoice' };
  });
const documentPath = z.object({ DocumentId: documentIdSchema });
const bookingPath = z.object({ BookingId: pathId });

const documentView = (record: InvoiceRecord, names: Map<string, string>): InvoiceDocumentView => ({
  DocumentId: documentIdOf(record),
  BookingId: record.BookingId,
  Kind: record.Kind,
  DocumentType: record.DocumentType,
  Number: record.Number,
  IssuerName:
    record.Issuer?.LegalName ??
    (record.IssuerUserId
      ? (names.get(record.IssuerUserId) ?? 'Nutrizionista')
      : config().PROVIDER_LEGAL_NAME),
  IssuerUserId: record.IssuerUserId,
  CustomerName: record.Customer.LegalName,
  Amount: record.Amount,
  State: record.State,
  StsOpposed: record.StsOpposed,
  PaidAt: record.PaidAt,
  IssuedAt: record.IssuedAt,
  DueAt: record.DueAt,
  HasPdf: record.PdfKey !== null,
  ReminderCount: record.ReminderCount,
  LastRemindedAt: record.LastRemindedAt,
});

const views = async (records: readonly InvoiceRecord[]) => {
  const names = await getDisplayNames([
    ...new Set(records.flatMap((record) => (record.IssuerUserId ? [record.IssuerUserId] : []))),
  ]);
  return records.map((record) => documentView(record, names));
};

const fileName = (record: InvoiceRecord) =>
  `${record.DocumentType === 'credit-note' ? 'Nota di credito' : 'Fattura'} ${record.Number ?? ''}.pdf`.replace(
    /[^\p{L}\p{N} ._-]/gu,
    '-',
  );

/** A 5-minute link to a document's PDF (the bucket is private; links are never stored or logged). */
const downloadLink = async (record: InvoiceRecord | null) => {
  if (!record?.PdfKey) throw notFound(invoicingTexts.documentNotFound);
  return {
    Url: await presignDownload(
      config().FILES_BUCKET,
      record.PdfKey,
      DOWNLOAD_EXPIRES_SECONDS,
      fileName(record),
    ),
  };
};

// ----- Patient -------------------------------------------------------------------------------------------

/** The documents of the patient's own paid visit (the service's invoice, the health invoice once issued). */
export const listPatientBookingInvoices = defineOperation(
  ['Patient'],
  { path: idPath },
  async ({ actor, path }) => {
    const booking = await requireOwnBooking('Patient', actor, path.id);
    const documents = await listBookingDocuments(booking.BookingId);
    const names = await getDisplayNames([booking.NutritionistUserId]);
    const data: InvoiceView[] = documents
      .sort((a, b) => a.Kind.localeCompare(b.Kind) || a.DocumentType.localeCompare(b.DocumentType))
      .map((record) => ({
        DocumentId: documentIdOf(record),
        Kind: record.Kind,
        DocumentType: record.DocumentType,
        Number: record.Number,
        Issuer: documentView(record, names).IssuerName,
        Description: record.Lines[0]?.Description ?? '',
        Amount: record.Amount,
        State: record.State,
        UploadDueAt: record.DueAt,
        CreatedAt: record.CreatedAt,
        HasPdf: record.PdfKey !== null,
      }));
    return { Data: data };
  },
);

export const listOwnPatientInvoices = defineOperation(['Patient'], {}, async ({ actor }) => {
  const documents = (await listPatientDocuments(actor.userId)).filter((record) => record.State !== 'draft');
  return { Data: (await views(documents)).reverse() };
});

export const downloadPatientInvoice = defineOperation(
  ['Patient'],
  { path: documentPath },
  async ({ actor, path }) => {
    const { bookingId, kind, type } = path.DocumentId;
    const record = await getDocument(bookingId, kind, type);
    if (!record || record.PatientUserId !== actor.userId) throw notFound(invoicingTexts.documentNotFound);
    return downloadLink(record);
  },
);

/** The patient opposes (or not) sending the visit's health expense to STS: before paying, or until issued. */
export const setStsOpposition = defineOperation(
  ['Patient'],
  { path: idPath, body: stsOppositionSchema },
  async ({ actor, path, body }) => {
    const booking = await requireOwnBooking('Patient', actor, path.id);
    if (booking.Payment) {
      const draft = await getDocument(booking.BookingId, 'nutritionist', 'invoice');
      if (draft && !(await setDraftStsOpposition(booking.BookingId, body.Opposed)))
        throw new AppError('conflict', invoicingTexts.stsOppositionLocked);
    }
    await putStsOpposition(booking.BookingId, body.Opposed, now());
    return { Opposed: body.Opposed };
  },
);

// ----- Nutritionist -------------------------------------------------------------------------------------

const yearQuery = z.object({
  Year: z.coerce
    .number({ error: invoicingTexts.periodInvalid })
    .int()
    .min(2020, { error: invoicingTexts.periodInvalid })
    .max(2100, { error: invoicingTexts.periodInvalid })
    .optional(),
});

/** ISO instants of a Rome period (From 00:00 to To 24:00). */
const periodBounds = (from: string, to: string) =>
  [
    romeInstant(from, '00:00').toISOString(),
    inRome(romeInstant(to, '00:00')).add(1, 'day').toISOString(),
  ] as const;

/** The nutritionist's documents of a year, what is due, and the monthly totals of what they issued. */
export const listOwnNutritionistInvoices = defineOperation(
  ['Nutritionist'],
  { query: yearQuery },
  async ({ actor, query }) => {
    const year = query.Year ?? Number(inRome(now()).format('YYYY'));
    const documents = await listIssuerDocuments(
      actor.userId,
      ...periodBounds(`${year}-01-01`, `${year}-12-31`),
    );
    const monthly = Array.from({ length: 12 }, (_, index) => ({
      Month: index + 1,
      Invoiced: 0,
      Credited: 0,
    }));
    for (const record of documents) {
      if (record.State === 'draft' || !record.IssuedAt) continue;
      const month = monthly[Number(inRome(record.IssuedAt).format('M')) - 1]!;
      if (record.DocumentType === 'credit-note') month.Credited += record.Amount;
      else month.Invoiced += record.Amount;
    }
    const fiscal = await nutritionistFiscalDataView(actor.userId);
    return {
      Year: year,
      Data: (await views(documents)).reverse(),
      Monthly: monthly,
      FiscalDataMissing: fiscal.Missing,
    };
  },
);

export const confirmOwnDraft = defineOperation(
  ['Nutritionist'],
  { path: bookingPath },
  async ({ actor, path }) => {
    const record = await confirmDraft(actor.userId, path.BookingId, now());
    return (await views([record]))[0];
  },
);

const uploadKey = (bookingId: number, uploadId: string) => `invoice-uploads/${bookingId}/${uploadId}.pdf`;
const UPLOAD_ID = /^[0-9a-f-]{36}$/;

/** A presigned POST for the nutritionist's own PDF of the visit's health invoice (PDF, at most 10 MB). */
export const createOwnInvoiceUpload = defineOperation(
  ['Nutritionist'],
  { path: bookingPath },
  async ({ actor, path }) => {
    const draft = await requireOwnDocument(actor.userId, path.BookingId, 'nutritionist', 'invoice');
    if (draft.State !== 'draft') throw new AppError('conflict', invoicingTexts.notADraft);
    const uploadId = newId();
    const { url, fields } = await presignUpload({
      bucket: config().FILES_BUCKET,
      key: uploadKey(path.BookingId, uploadId),
      contentType: 'application/pdf',
      maxBytes: CHAT_MAX_FILE_BYTES,
      expiresInSeconds: UPLOAD_EXPIRES_SECONDS,
    });
    return { UploadId: uploadId, Url: url, Fields: fields };
  },
);

const uploadBody = ownInvoiceUploadSchema.extend({
  UploadId: z.string().regex(UPLOAD_ID, { error: invoicingTexts.uploadNotFound }),
});

/**
 * The uploaded PDF, checked as chat files are (size, then the first bytes: S3 enforces only the declared
 * type), replaces the draft; a refused file is deleted.
 */
export const completeOwnInvoiceUpload = defineOperation(
  ['Nutritionist'],
  { path: bookingPath, body: uploadBody },
  async ({ actor, path, body }) => {
    await requireOwnDocument(actor.userId, path.BookingId, 'nutritionist', 'invoice');
    const bucket = config().FILES_BUCKET;
    const key = uploadKey(path.BookingId, body.UploadId);
    const head = await headObject(bucket, key);
    const refuse = async (message: string) => {
      await deleteObject(bucket, key);
      throw new AppError('validation_failed', message, { errors: { File: [message] } });
    };
    if (!head) throw new AppError('validation_failed', invoicingTexts.uploadNotFound);
    if (head.size > CHAT_MAX_FILE_BYTES) return refuse(invoicingTexts.uploadTooLarge);
    if (!matchesFileSignature('application/pdf', await readObjectStart(bucket, key, 5)))
      return refuse(invoicingTexts.uploadNotPdf);
    const record = await recordOwnInvoice(actor.userId, path.BookingId, body.Number, key, now());
    return (await views([record]))[0];
  },
);

export const downloadNutritionistInvoice = defineOperation(
  ['Nutritionist'],
  { path: documentPath },
  async ({ actor, path }) => {
    const { bookingId, kind, type } = path.DocumentId;
    return downloadLink(await requireOwnDocument(actor.userId, bookingId, kind, type));
  },
);

const stsFile = async (nutritionistUserId: string, from: string, to: string) => {
  const [fiscal, documents] = await Promise.all([
    nutritionistFiscalDataView(nutritionistUserId),
    listIssuerDocuments(nutritionistUserId, ...periodBounds(from, to)),
  ]);
  if (!fiscal.CodiceFiscale) throw new AppError('unprocessable', invoicingTexts.fiscalDataIncomplete);
  const xml = stsXml(fiscal.CodiceFiscale, documents);
  if (!xml) throw new AppError('unprocessable', 'Nessuna spesa sanitaria da trasmettere nel periodo.');
  return new HttpResponse(200, xml, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Content-Disposition': `attachment; filename="spese-sanitarie-${from}-${to}.xml"`,
  });
};

export const downloadOwnStsFile = defineOperation(
  ['Nutritionist'],
  { query: invoicePeriodSchema },
  async ({ actor, query }) => stsFile(actor.userId, query.From, query.To),
);

// ----- BusinessAdmin -------------------------------------------------------------------------------------

const adminListQuery = invoicePeriodSchema.and(
  z.object({
    IssuerUserId: z.string().min(1).max(64).optional(),
    Kind: z.enum(['nutritionist', 'service']).optional(),
    DocumentType: z.enum(['invoice', 'credit-note']).optional(),
    State: z.enum(['issued', 'uploaded']).optional(),
  }),
);

const adminDocuments = async (query: z.infer<typeof adminListQuery>) =>
  (await listIssuedDocuments(...periodBounds(query.From, query.To))).filter(
    (record) =>
      (!query.IssuerUserId ||
        (query.IssuerUserId === 'SERVICE'
          ? record.IssuerUserId === null
          : record.IssuerUserId === query.IssuerUserId)) &&
      (!query.Kind || record.Kind === query.Kind) &&
      (!query.DocumentType || record.DocumentType === query.DocumentType) &&
      (!query.State || record.State === query.State),
  );

/** Issued documents of a period with filters (issuer, type, state), newest first. */
export const listAdminInvoices = defineOperation(
  ['BusinessAdmin'],
  { query: adminListQuery },
  async ({ query }) => ({ Data: (await views(await adminDocuments(query))).reverse() }),
);

const euroCell = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

const CSV_HEADER = [
  'Numero',
  'Tipo',
  'Emittente',
  'Cliente',
  'Data',
  'Pagato il',
  'Importo (EUR)',
  'Stato',
  'Opposizione STS',
];

/** The period's documents as CSV for the accountant (amounts in EUR with a comma, BOM for Excel). */
const invoicesCsv = (rows: readonly InvoiceDocumentView[]) => {
  const lines = [CSV_HEADER.join(';')];
  for (const row of rows)
    lines.push(
      [
        row.Number,
        row.DocumentType === 'credit-note' ? 'Nota di credito' : 'Fattura',
        row.IssuerName,
        row.CustomerName,
        row.IssuedAt ? inRome(row.IssuedAt).format('DD/MM/YYYY') : null,
        inRome(row.PaidAt).format('DD/MM/YYYY'),
        euroCell(row.DocumentType === 'credit-note' ? -row.Amount : row.Amount),
        row.State === 'uploaded' ? 'caricata' : 'emessa',
        row.StsOpposed ? 'sì' : 'no',
      ]
        .map(csvCell)
        .join(';'),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
};

const auditExport = (
  actorUserId: string,
  query: z.infer<typeof adminListQuery>,
  count: number,
  format: string,
) =>
  recordAudit(
    {
      Action: 'invoices.exported',
      ActorUserId: actorUserId,
      SubjectType: 'invoices',
      SubjectId: `${query.From}..${query.To}`,
      Details: { count, format },
    },
    now(),
  );

export const exportAdminInvoices = defineOperation(
  ['BusinessAdmin'],
  { query: adminListQuery },
  async ({ actor, query }) => {
    const rows = await views(await adminDocuments(query));
    await auditExport(actor.userId, query, rows.length, 'csv');
    return new HttpResponse(200, invoicesCsv(rows), {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="fatture-${query.From}-${query.To}.csv"`,
    });
  },
);

/**
 * The period's PDFs for the accountant, in one zip with the CSV. The zip is written to the private bucket
 * and handed out through a 5-minute link, like a single PDF: a response body of API Gateway is limited to
 * a few MB. A period of more than ZIP_MAX_DOCUMENTS documents is refused with a request to shorten it, so
 * the request stays short.
 */
export const exportAdminInvoicesZip = defineOperation(
  ['BusinessAdmin'],
  { query: adminListQuery },
  async ({ actor, query }) => {
    const records = await adminDocuments(query);
    if (records.length > ZIP_MAX_DOCUMENTS) throw new AppError('unprocessable', invoicingTexts.zipTooLarge);
    const rows = await views(records);
    const { zipSync, strToU8 } = await import('fflate');
    const entries: Record<string, Uint8Array> = { 'fatture.csv': strToU8(invoicesCsv(rows)) };
    const { FILES_BUCKET } = config();
    const pdfs = records.filter((record) => record.PdfKey !== null);
    for (let start = 0; start < pdfs.length; start += ZIP_READS_AT_ONCE)
      await Promise.all(
        pdfs.slice(start, start + ZIP_READS_AT_ONCE).map(async (record) => {
          // Numbers repeat across issuers (one series each): the document id keeps the names apart.
          entries[`pdf/${documentIdOf(record)} ${fileName(record)}`] = await readObject(
            FILES_BUCKET,
            record.PdfKey!,
          );
        }),
      );
    // PDFs are compressed already: stored, not deflated again.
    const zip = Buffer.from(zipSync(entries, { level: 0 }));
    const key = `exports/invoices/${newId()}.zip`;
    await putObject(FILES_BUCKET, key, zip, 'application/zip');
    await auditExport(actor.userId, query, rows.length, 'zip');
    return {
      Url: await presignDownload(
        FILES_BUCKET,
        key,
        DOWNLOAD_EXPIRES_SECONDS,
        `fatture-${query.From}-${query.To}.zip`,
      ),
      Count: rows.length,
    };
  },
);

export const downloadAdminInvoice = defineOperation(
  ['BusinessAdmin'],
  { path: documentPath },
  async ({ actor, path }) => {
    const { bookingId, kind, type } = path.DocumentId;
    const link = await downloadLink(await getDocument(bookingId, kind, type));
    await recordAudit(
      {
        Action: 'invoice.downloaded',
        ActorUserId: actor.userId,
        SubjectType: 'booking',
        SubjectId: String(bookingId),
        Details: { kind, type },
      },
      now(),
    );
    return link;
  },
);

/** Paid visits whose health invoice is still a draft, overdue first, with the days since payment. */
export const listBookingsToInvoice = defineOperation(['BusinessAdmin'], {}, async () => {
  const at = now().getTime();
  const drafts = await listDrafts();
  const data = (await views(drafts)).map((view) => ({
    ...view,
    DaysSincePayment: Math.floor((at - Date.parse(view.PaidAt)) / 86_400_000),
    Overdue: view.DueAt !== null && Date.parse(view.DueAt) < at,
  }));
  return { Data: data };
});

export const remindNutritionistOfDraft = defineOperation(
  ['BusinessAdmin'],
  { path: bookingPath },
  async ({ actor, path }) => {
    const draft = await getDocument(path.BookingId, 'nutritionist', 'invoice');
    if (!draft || draft.State !== 'draft') throw notFound(invoicingTexts.documentNotFound);
    await remindDraftNow(draft, actor.userId, now());
    return { Reminded: true };
  },
);

const adminStsQuery = invoicePeriodSchema.and(z.object({ NutritionistUserId: z.string().min(1).max(64) }));

export const downloadAdminStsFile = defineOperation(
  ['BusinessAdmin'],
  { query: adminStsQuery },
  async ({ actor, query }) => {
    await recordAudit(
      {
        Action: 'sts.exported',
        ActorUserId: actor.userId,
        SubjectType: 'nutritionist',
        SubjectId: query.NutritionistUserId,
        Details: { from: query.From, to: query.To },
      },
      now(),
    );
    return stsFile(query.NutritionistUserId, query.From, query.To);
  },
);
