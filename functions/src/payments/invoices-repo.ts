/**
 * Invoices of paid visits (docs/data-model.md, payments area): item `BOOKING#<bookingId>` / `INVOICE#<kind>`,
 * beside its booking. Access patterns: a booking's invoices (Query on its partition, sk prefix
 * `INVOICE#`); put an invoice once (attribute_not_exists).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { InvoiceKind, InvoiceState } from '@nutri/shared';
import { db, tableName } from '../platform/db/client';

/** A booking's invoices live in the booking's item collection (docs/data-model.md), beside its item. */
const bookingPartition = (bookingId: number) => `BOOKING#${bookingId}`;

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

const invoiceKey = (bookingId: number, kind: InvoiceKind) => ({
  pk: bookingPartition(bookingId),
  sk: `INVOICE#${kind}`,
});

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

// Put an invoice once: a second delivery of the payment's effects finds it there and adds nothing.
export const putInvoice = async (invoice: InvoiceRecord) => {
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
