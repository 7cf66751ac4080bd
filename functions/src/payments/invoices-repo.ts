/**
 * Invoices and credit notes of paid visits (docs/data-model.md, payments area; docs/product.md#invoicing).
 * - Document `BOOKING#<bookingId>` / `INVOICE#<kind>` or `CREDITNOTE#<kind>` (beside its booking): the
 *   parties as printed (snapshots), lines, amounts, Number/Seq (null while a draft), State, StsOpposed,
 *   PdfKey. Indexes: gsi1 `INVOICES#ISSUER#<userId|SERVICE>` and gsi2 `INVOICES#PATIENT#<userId>`, both
 *   `<PaidAt>#<bookingId>#<kind>#<type>`; gsi3 `INVOICES#DRAFT` / `<DueAt>#<bookingId>` while a draft
 *   (the to-invoice queue, overdue first), `INVOICES#ISSUED` / `<IssuedAt>#<bookingId>#<kind>#<type>` once
 *   issued or uploaded (the admin's list by period).
 * - Counter `INVOICESEQ#<series>#<year>` / `COUNTER`: Last, the last number given in a series.
 * Numbering is gapless: a number is taken only in the transaction that writes its document (the counter
 * moves from the value read to the next one, conditioned on being unchanged), so a number is never lost
 * by a crash and never given twice; concurrent writers retry on the fresh value.
 * Access patterns: a booking's documents (Query its partition, sk prefixes); one by key; an issuer's or a
 * patient's documents by payment period (gsi1/gsi2 between); drafts by due date (gsi3); issued by period.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentType, FiscalRegime, InvoiceKind, InvoiceState, StampDutyPayer } from '@nutri/shared';
import { db, tableName } from '../platform/db/client';
import { unlessConditionFails } from '../platform/db/conditional';
import { queryAll } from '../platform/db/query';
import { transact, type NamedItem, type TransactItem } from '../platform/db/transact';

export interface InvoiceParty {
  LegalName: string;
  CodiceFiscale: string;
  PartitaIva: string | null;
  Address: string;
  /** The nutritionist's professional register (health invoices only). */
  Register?: string;
  Regime?: FiscalRegime;
}

export interface InvoiceLine {
  Description: string;
  /** Net amount, cents. */
  Net: number;
  /** Percent; null when exempt or out of VAT's scope. */
  VatRate: number | null;
  Vat: number;
}

export interface InvoiceRecord {
  BookingId: number;
  Kind: InvoiceKind;
  DocumentType: DocumentType;
  Number: string | null;
  Seq: number | null;
  IssuerUserId: string | null;
  PatientUserId: string;
  Issuer: InvoiceParty | null;
  Customer: InvoiceParty;
  Lines: InvoiceLine[];
  /** Stamp duty line, when due: who bears it. */
  StampDuty: StampDutyPayer | null;
  /** Total of the document, cents (lines, VAT and a stamp duty the patient bears). */
  Amount: number;
  State: InvoiceState;
  StsOpposed: boolean;
  PaidAt: string;
  IssuedAt: string | null;
  DueAt: string | null;
  /** The invoice a credit note reverses. */
  RefersTo: { Number: string; IssuedAt: string } | null;
  PdfKey: string | null;
  CreatedAt: string;
  /** Reminders the nutritionist received of this draft (the job's day 7 and 11, and the admin's). */
  ReminderCount: number;
  LastRemindedAt: string | null;
}

const SERVICE_ISSUER = 'SERVICE';
const bookingPartition = (bookingId: number) => `BOOKING#${bookingId}`;
const prefixOf = (type: DocumentType) => (type === 'invoice' ? 'INVOICE#' : 'CREDITNOTE#');
const documentKey = (bookingId: number, kind: InvoiceKind, type: DocumentType) => ({
  pk: bookingPartition(bookingId),
  sk: `${prefixOf(type)}${kind}`,
});
const listSortKey = (record: InvoiceRecord) =>
  `${record.PaidAt}#${String(record.BookingId).padStart(10, '0')}#${record.Kind}#${record.DocumentType}`;

/** The index attributes of a document in its state (drafts queue by due date, issued ones by date). */
const indexAttributes = (record: InvoiceRecord) => ({
  gsi1pk: `INVOICES#ISSUER#${record.IssuerUserId ?? SERVICE_ISSUER}`,
  gsi1sk: listSortKey(record),
  gsi2pk: `INVOICES#PATIENT#${record.PatientUserId}`,
  gsi2sk: listSortKey(record),
  ...(record.State === 'draft'
    ? { gsi3pk: 'INVOICES#DRAFT', gsi3sk: `${record.DueAt ?? record.PaidAt}#${record.BookingId}` }
    : { gsi3pk: 'INVOICES#ISSUED', gsi3sk: `${record.IssuedAt ?? record.PaidAt}#${listSortKey(record)}` }),
});

const itemOf = (record: InvoiceRecord) => ({
  ...documentKey(record.BookingId, record.Kind, record.DocumentType),
  type: 'Invoice',
  ...record,
  ...indexAttributes(record),
});

const toRecord = (item: Record<string, unknown>): InvoiceRecord => ({
  BookingId: Number(item.BookingId),
  Kind: item.Kind as InvoiceKind,
  DocumentType: item.DocumentType === 'credit-note' ? 'credit-note' : 'invoice',
  Number: typeof item.Number === 'string' ? item.Number : null,
  Seq: typeof item.Seq === 'number' ? item.Seq : null,
  IssuerUserId: typeof item.IssuerUserId === 'string' ? item.IssuerUserId : null,
  PatientUserId: String(item.PatientUserId),
  Issuer: (item.Issuer as InvoiceParty | undefined) ?? null,
  Customer: item.Customer as InvoiceParty,
  Lines: (item.Lines as InvoiceLine[] | undefined) ?? [],
  StampDuty: item.StampDuty === 'patient' || item.StampDuty === 'issuer' ? item.StampDuty : null,
  Amount: Number(item.Amount),
  State: item.State as InvoiceState,
  StsOpposed: item.StsOpposed === true,
  PaidAt: String(item.PaidAt),
  IssuedAt: typeof item.IssuedAt === 'string' ? item.IssuedAt : null,
  DueAt: typeof item.DueAt === 'string' ? item.DueAt : null,
  RefersTo: (item.RefersTo as InvoiceRecord['RefersTo'] | undefined) ?? null,
  PdfKey: typeof item.PdfKey === 'string' ? item.PdfKey : null,
  CreatedAt: String(item.CreatedAt),
  ReminderCount: typeof item.ReminderCount === 'number' ? item.ReminderCount : 0,
  LastRemindedAt: typeof item.LastRemindedAt === 'string' ? item.LastRemindedAt : null,
});

// A booking's documents (its partition, both sk prefixes), invoices first.
export const listBookingDocuments = async (bookingId: number): Promise<InvoiceRecord[]> => {
  const read = async (prefix: string) => {
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': bookingPartition(bookingId), ':prefix': prefix },
        ConsistentRead: true,
      }),
    );
    return Items.map(toRecord);
  };
  const [invoices, creditNotes] = await Promise.all([read('INVOICE#'), read('CREDITNOTE#')]);
  return [...invoices, ...creditNotes];
};

// One document by key.
export const getDocument = async (bookingId: number, kind: InvoiceKind, type: DocumentType) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: documentKey(bookingId, kind, type), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : null;
};

// Put a draft once: a second delivery of the payment's effects finds it there and adds nothing.
export const putDraft = async (record: InvoiceRecord) => {
  await unlessConditionFails(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: itemOf(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
};

// Record where a document's PDF is (the PDF step of its outbox item, or the nutritionist's upload).
export const setPdfKey = async (record: InvoiceRecord, pdfKey: string) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: documentKey(record.BookingId, record.Kind, record.DocumentType),
      UpdateExpression: 'SET PdfKey = :key',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':key': pdfKey },
    }),
  );
};

// The patient's opposition to STS, on their health draft (the issued document keeps what it had).
export const setDraftStsOpposition = async (bookingId: number, opposed: boolean) =>
  (await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: documentKey(bookingId, 'nutritionist', 'invoice'),
        UpdateExpression: 'SET StsOpposed = :opposed',
        ConditionExpression: 'attribute_exists(pk) AND #state = :draft',
        ExpressionAttributeNames: { '#state': 'State' },
        ExpressionAttributeValues: { ':opposed': opposed, ':draft': 'draft' },
      }),
    ),
  )) !== null;

// Replace a draft by its issued or uploaded document, with `also` in the same transaction; false when it
// is no longer a draft.
export const replaceDraft = async (record: InvoiceRecord, also: readonly TransactItem[]) =>
  (await transact<'not-a-draft' | 'contended'>(
    [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: itemOf(record),
            ConditionExpression: 'attribute_exists(pk) AND #state = :draft',
            ExpressionAttributeNames: { '#state': 'State' },
            ExpressionAttributeValues: { ':draft': 'draft' },
          },
        },
        failure: 'not-a-draft',
      },
      ...also.map((item) => ({ item })),
    ],
    { contended: 'contended' },
  )) === null;

// Drop a draft never issued (its visit was refunded); nothing when it was issued meanwhile.
export const dropDraft = async (record: InvoiceRecord) => {
  await unlessConditionFails(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: documentKey(record.BookingId, record.Kind, record.DocumentType),
        ConditionExpression: '#state = :draft',
        ExpressionAttributeNames: { '#state': 'State' },
        ExpressionAttributeValues: { ':draft': 'draft' },
      }),
    ),
  );
};

// Mark a reminder day as sent on a draft, once (a job run twice sends it once), and count it.
export const markDraftReminded = (record: InvoiceRecord, day: number, at: Date): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: documentKey(record.BookingId, record.Kind, record.DocumentType),
    UpdateExpression: 'ADD RemindedDays :day, ReminderCount :one SET LastRemindedAt = :at',
    ConditionExpression: '#state = :draft AND NOT contains(RemindedDays, :dayNumber)',
    ExpressionAttributeNames: { '#state': 'State' },
    ExpressionAttributeValues: {
      ':day': new Set([day]),
      ':dayNumber': day,
      ':one': 1,
      ':at': at.toISOString(),
      ':draft': 'draft',
    },
  },
});

// Count a reminder an admin sent of a draft still to issue.
export const countDraftReminder = (record: InvoiceRecord, at: Date): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: documentKey(record.BookingId, record.Kind, record.DocumentType),
    UpdateExpression: 'ADD ReminderCount :one SET LastRemindedAt = :at',
    ConditionExpression: '#state = :draft',
    ExpressionAttributeNames: { '#state': 'State' },
    ExpressionAttributeValues: { ':one': 1, ':at': at.toISOString(), ':draft': 'draft' },
  },
});

const counterKey = (series: string, year: string) => ({ pk: `INVOICESEQ#${series}#${year}`, sk: 'COUNTER' });

const readCounter = async (series: string, year: string) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: counterKey(series, year), ConsistentRead: true }),
  );
  return Number(Item?.Last ?? 0);
};

/** The counter moving from `last` to `last + 1`, only if nobody moved it since it was read. */
const counterWrite = (series: string, year: string, last: number): TransactItem =>
  last === 0
    ? {
        Put: {
          TableName: tableName(),
          Item: { ...counterKey(series, year), type: 'InvoiceCounter', Last: 1 },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }
    : {
        Update: {
          TableName: tableName(),
          Key: counterKey(series, year),
          UpdateExpression: 'SET #last = :next',
          ConditionExpression: '#last = :last',
          ExpressionAttributeNames: { '#last': 'Last' },
          ExpressionAttributeValues: { ':last': last, ':next': last + 1 },
        },
      };

type NumberingFailure = 'counter-moved' | 'document-exists' | 'contended';

const MAX_NUMBERING_ATTEMPTS = 80;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes a document with the next number of its series, with `also` (e.g. its outbox item) in the same
 * transaction: either all of it commits with the number, or nothing does and the number stays free. A
 * document already there (or no longer a draft) is left as it is: 'exists'. `build` makes the document
 * from its sequence number.
 */
export const writeNumbered = async (
  series: string,
  year: string,
  build: (seq: number) => InvoiceRecord,
  options: { replacingDraft: boolean; also: readonly TransactItem[] },
): Promise<{ outcome: 'written'; record: InvoiceRecord } | { outcome: 'exists' }> => {
  for (let attempt = 1; ; attempt += 1) {
    const last = await readCounter(series, year);
    const record = build(last + 1);
    const documentItem: NamedItem<NumberingFailure> = {
      item: {
        Put: {
          TableName: tableName(),
          Item: itemOf(record),
          ConditionExpression: options.replacingDraft
            ? 'attribute_exists(pk) AND #state = :draft'
            : 'attribute_not_exists(pk)',
          ...(options.replacingDraft
            ? {
                ExpressionAttributeNames: { '#state': 'State' },
                ExpressionAttributeValues: { ':draft': 'draft' },
              }
            : {}),
        },
      },
      failure: 'document-exists',
    };
    const failure = await transact<NumberingFailure>(
      [
        documentItem,
        { item: counterWrite(series, year, last), failure: 'counter-moved' },
        ...options.also.map((item) => ({ item })),
      ],
      { contended: 'contended' },
    );
    if (failure === null) return { outcome: 'written', record };
    if (failure === 'document-exists') return { outcome: 'exists' };
    if (attempt >= MAX_NUMBERING_ATTEMPTS) throw new Error(`Invoice series ${series} stayed contended`);
    // Another document took the number: read the counter again after a short random pause.
    await sleep(Math.floor(Math.random() * Math.min(10 * attempt, 200)));
  }
};

const readIndex = async (index: 'gsi1' | 'gsi2' | 'gsi3', partition: string, from?: string, to?: string) => {
  const records: InvoiceRecord[] = [];
  const range = from !== undefined && to !== undefined;
  for await (const item of queryAll({
    IndexName: index,
    KeyConditionExpression: range
      ? `${index}pk = :pk AND ${index}sk BETWEEN :from AND :to`
      : `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': partition, ...(range ? { ':from': from, ':to': to } : {}) },
  }))
    records.push(toRecord(item));
  return records;
};

/** ISO bounds of a period of instants, for the sort keys that start with one. */
const bounds = (fromIso: string, toIso: string) => [fromIso, `${toIso}\uffff`] as const;

// An issuer's documents (null: the service's) paid within a period of ISO instants.
export const listIssuerDocuments = (issuerUserId: string | null, fromIso: string, toIso: string) =>
  readIndex('gsi1', `INVOICES#ISSUER#${issuerUserId ?? SERVICE_ISSUER}`, ...bounds(fromIso, toIso));

// A patient's documents, all of them (a patient has a few a month).
export const listPatientDocuments = (patientUserId: string) =>
  readIndex('gsi2', `INVOICES#PATIENT#${patientUserId}`);

// Health invoices still drafts, by due date (overdue first).
export const listDrafts = () => readIndex('gsi3', 'INVOICES#DRAFT');

// Issued or uploaded documents within a period of ISO instants.
export const listIssuedDocuments = (fromIso: string, toIso: string) =>
  readIndex('gsi3', 'INVOICES#ISSUED', ...bounds(fromIso, toIso));
