/**
 * The two documents of a paid visit (docs/product.md#overview, FAQ), recorded when the payment's
 * effects are delivered (payment-effects.ts, step `invoices`):
 * - Invoice `BOOKING#<bookingId>` / `INVOICE#<kind>` (beside its booking): Kind, Number, IssuerUserId
 *   (the nutritionist's, or null for the service), Amount, State, UploadDueAt, CreatedAt.
 *   `nutritionist`: the 35 EUR health service, numbered `N-<year>-<n>` per nutritionist and year, waiting
 *   for the nutritionist's upload within 12 days; `service`: the rest, `S-<year>-<n>` per year, to be issued
 *   (PDFs and tax reporting come later).
 * Numbers come from atomic counters (platform/db/counter.ts `invoice-service-<year>`,
 * `invoice-nutritionist-<userId>-<year>`), drawn only for an invoice not yet recorded; the outbox lease
 * keeps one deliverer at a time, so only a crash between drawing and recording can leave a gap.
 * Access patterns: a booking's invoices (Query on its partition, sk prefix `INVOICE#`); put once
 * (attribute_not_exists).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  INVOICE_UPLOAD_DAYS,
  NUTRITIONIST_SHARE_CENTS,
  TIME_ZONE,
  invoiceSplit,
  invoiceUploadDeadline,
  type InvoiceKind,
  type InvoiceState,
} from '@nutri/shared';
import { db, tableName } from '../platform/db/client';
import { nextId } from '../platform/db/counter';

export interface InvoiceRecord {
  BookingId: number;
  Kind: InvoiceKind;
  Number: string;
  /** The nutritionist who invoices the health service; null for the service's own invoice. */
  IssuerUserId: string | null;
  Amount: number;
  State: InvoiceState;
  UploadDueAt: string | null;
  CreatedAt: string;
}

/** A booking's invoices live in the booking's item collection (docs/data-model.md), beside its item. */
const bookingPartition = (bookingId: number) => `BOOKING#${bookingId}`;

const invoiceKey = (bookingId: number, kind: InvoiceKind) => ({
  pk: bookingPartition(bookingId),
  sk: `INVOICE#${kind}`,
});

/** The invoicing year of a payment: the Rome calendar year it was made in. */
const romeYear = (at: Date) =>
  new Intl.DateTimeFormat('en', { timeZone: TIME_ZONE, year: 'numeric' }).format(at);

const formatNumber = (prefix: 'N' | 'S', year: string, value: number) =>
  `${prefix}-${year}-${String(value).padStart(6, '0')}`;

// A booking's invoices (its partition, sk prefix INVOICE#).
export const listBookingInvoices = async (bookingId: number): Promise<InvoiceRecord[]> => {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': bookingPartition(bookingId), ':prefix': 'INVOICE#' },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => ({
    BookingId: Number(item.BookingId),
    Kind: item.Kind as InvoiceKind,
    Number: String(item.Number),
    IssuerUserId: typeof item.IssuerUserId === 'string' ? item.IssuerUserId : null,
    Amount: Number(item.Amount),
    State: item.State as InvoiceState,
    UploadDueAt: typeof item.UploadDueAt === 'string' ? item.UploadDueAt : null,
    CreatedAt: String(item.CreatedAt),
  }));
};

const putInvoice = async (invoice: InvoiceRecord) => {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...invoiceKey(invoice.BookingId, invoice.Kind), type: 'Invoice', ...invoice },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

/** Records the two documents of a paid visit, each once (a second delivery finds them and adds nothing). */
export const recordVisitInvoices = async (payment: {
  bookingId: number;
  nutritionistUserId: string;
  amountPaid: number;
  paidAt: Date;
}) => {
  const existing = new Set((await listBookingInvoices(payment.bookingId)).map((invoice) => invoice.Kind));
  const split = invoiceSplit(payment.amountPaid, NUTRITIONIST_SHARE_CENTS);
  const year = romeYear(payment.paidAt);
  const createdAt = payment.paidAt.toISOString();
  if (!existing.has('nutritionist') && split.nutritionist > 0) {
    const value = await nextId(`invoice-nutritionist-${payment.nutritionistUserId}-${year}`);
    await putInvoice({
      BookingId: payment.bookingId,
      Kind: 'nutritionist',
      Number: formatNumber('N', year, value),
      IssuerUserId: payment.nutritionistUserId,
      Amount: split.nutritionist,
      State: 'awaiting-upload',
      UploadDueAt: invoiceUploadDeadline(payment.paidAt, INVOICE_UPLOAD_DAYS).toISOString(),
      CreatedAt: createdAt,
    });
  }
  if (!existing.has('service') && split.service > 0) {
    const value = await nextId(`invoice-service-${year}`);
    await putInvoice({
      BookingId: payment.bookingId,
      Kind: 'service',
      Number: formatNumber('S', year, value),
      IssuerUserId: null,
      Amount: split.service,
      State: 'to-issue',
      UploadDueAt: null,
      CreatedAt: createdAt,
    });
  }
};
