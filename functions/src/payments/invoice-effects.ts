/**
 * Follow-up work of invoicing, delivered from the outbox after the change that caused it committed
 * (docs/product.md#invoicing): the PDF of a document the product issued (stored in the private bucket) and
 * the patient's mail; the credit notes of a refunded visit; the nutritionist's reminders of a health invoice
 * still to issue (day 7 and day 11 after payment, job `invoice-reminders`).
 */
import * as z from 'zod';
import { INVOICE_REMINDER_DAYS, invoicingTexts } from '@nutri/shared';
import { notFound } from '../http/errors';
import { getUser } from '../accounts';
import { config } from '../platform/config';
import { putObject } from '../platform/files';
import { logger } from '../platform/logger';
import { mailFromTemplate } from '../platform/mail-templates';
import { sendMail } from '../platform/mail';
import { outboxPut, type OutboxHandler, type OutboxHandlers } from '../platform/outbox';
import { defineOutboxTopic } from '../platform/outbox-topic';
import { auditPut } from '../platform/audit';
import { transact, transactOrThrow } from '../platform/db/transact';
import { issueCreditNotes, invoiceIssuedTopic } from './invoices';
import {
  countDraftReminder,
  getDocument,
  listDrafts,
  markDraftReminded,
  setPdfKey,
  type InvoiceRecord,
} from './invoices-repo';
import { invoiceIssuedTemplate, invoiceReminderTemplate } from './mails';
import { mailPatientStep } from './patient-mail';

/** Where the product's PDF of a document is kept (private bucket; read through presigned links only). */
export const invoicePdfKey = (record: Pick<InvoiceRecord, 'BookingId' | 'Kind' | 'DocumentType'>) =>
  `invoices/${record.BookingId}/${record.Kind}-${record.DocumentType}.pdf`;

const documentLabel = (record: InvoiceRecord) =>
  `${record.DocumentType === 'credit-note' ? 'nota di credito' : 'fattura'} n. ${record.Number ?? ''}`;

const handleIssued: OutboxHandler = async (entry, step) => {
  const effect = invoiceIssuedTopic.payload(entry);
  const record = await getDocument(effect.bookingId, effect.kind, effect.documentType);
  if (!record || record.State === 'draft') return;
  // Rendering is repeatable: the same document gives the same file under the same key.
  await step(
    'pdf',
    async () => {
      if (record.PdfKey) return;
      const { renderInvoicePdf } = await import('./invoice-pdf');
      const key = invoicePdfKey(record);
      await putObject(
        config().FILES_BUCKET,
        key,
        Buffer.from(await renderInvoicePdf(record)),
        'application/pdf',
      );
      await setPdfKey(record, key);
    },
    { idempotent: true },
  );
  await mailPatientStep(step, entry, effect.patientUserId, 'invoice-issued', (patientName) =>
    mailFromTemplate(invoiceIssuedTemplate, {
      patientName,
      document: documentLabel(record),
      issuer: record.Issuer?.LegalName ?? 'Nutrì',
      invoicesUrl: `${config().PUBLIC_BASE_URL}/Patients/Invoices`,
    }),
  );
};

const refundSchema = z.object({ bookingId: z.number().int().positive(), patientUserId: z.string().min(1) });
/** A visit's refund was recorded: its invoices get their credit notes. */
export const invoiceRefundTopic = defineOutboxTopic('invoice-refund', refundSchema);

const handleRefund: OutboxHandler = async (entry, step) => {
  const effect = invoiceRefundTopic.payload(entry);
  // Each credit note is written once (its item's condition), so a repeated step adds nothing.
  await step('credit-notes', () => issueCreditNotes(effect.bookingId, new Date(entry.CreatedAt)), {
    idempotent: true,
  });
};

const reminderSchema = z.object({
  bookingId: z.number().int().positive(),
  nutritionistUserId: z.string().min(1),
  day: z.number().int().positive(),
  dueAt: z.string(),
});
export const invoiceReminderTopic = defineOutboxTopic('invoice-reminder', reminderSchema);

const dueLabel = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

const handleReminder: OutboxHandler = async (entry, step) => {
  const effect = invoiceReminderTopic.payload(entry);
  await step('mail:nutritionist', async () => {
    const nutritionist = await getUser(effect.nutritionistUserId);
    if (!nutritionist?.Email) return;
    await sendMail({
      to: nutritionist.Email,
      ...mailFromTemplate(invoiceReminderTemplate, {
        nutritionistName: nutritionist.Name,
        days: String(effect.day),
        dueDate: dueLabel(effect.dueAt),
        invoicesUrl: `${config().PUBLIC_BASE_URL}/AreaNutritionists/Invoices`,
      }),
      tags: { kind: 'invoice-reminder', outbox: entry.OutboxId },
    });
  });
};

export const invoiceOutboxHandlers: OutboxHandlers = {
  [invoiceIssuedTopic.name]: handleIssued,
  [invoiceRefundTopic.name]: handleRefund,
  [invoiceReminderTopic.name]: handleReminder,
};

/** The outbox item of a visit's refund, for the transaction that records the refund. */
export const invoiceRefundEntry = (bookingId: number, patientUserId: string, at: Date) =>
  outboxPut(invoiceRefundTopic.entry({ bookingId, patientUserId }, at));

/**
 * Reminder of one draft for one reminder day, or 'sent-already' when another run (or an earlier one)
 * marked it: the mark and the outbox item commit together.
 */
export const remindDraft = async (draft: InvoiceRecord, day: number, at: Date) => {
  if (!draft.IssuerUserId || !draft.DueAt) return 'not-due' as const;
  const failure = await transact<'sent-already' | 'contended'>(
    [
      { item: markDraftReminded(draft, day, at), failure: 'sent-already' },
      {
        item: outboxPut(
          invoiceReminderTopic.entry(
            { bookingId: draft.BookingId, nutritionistUserId: draft.IssuerUserId, day, dueAt: draft.DueAt },
            at,
          ),
        ),
      },
    ],
    { contended: 'contended' },
  );
  return failure ?? ('sent' as const);
};

/** A BusinessAdmin's reminder of one draft (BookingsToInvoice): the mail's outbox item and the audit entry. */
export const remindDraftNow = async (draft: InvoiceRecord, adminUserId: string, at: Date) => {
  if (!draft.IssuerUserId || !draft.DueAt) return;
  await transactOrThrow(
    [
      { item: countDraftReminder(draft, at), failure: notFound(invoicingTexts.documentNotFound) },
      {
        item: outboxPut(
          invoiceReminderTopic.entry(
            {
              bookingId: draft.BookingId,
              nutritionistUserId: draft.IssuerUserId,
              day: Math.max(1, daysSince(draft.PaidAt, at)),
              dueAt: draft.DueAt,
            },
            at,
          ),
        ),
      },
      {
        item: auditPut(
          {
            Action: 'invoice.reminded',
            ActorUserId: adminUserId,
            SubjectType: 'booking',
            SubjectId: String(draft.BookingId),
            Details: { nutritionistUserId: draft.IssuerUserId },
          },
          at,
        ).item,
      },
    ],
    { contended: new Error('Reminder contended') },
  );
};

/** Whole days since the payment, as the reminders count them. */
const daysSince = (paidAt: string, at: Date) => Math.floor((at.getTime() - Date.parse(paidAt)) / 86_400_000);

/**
 * The `invoice-reminders` job: each draft past day 7 or day 11 since its payment gets that day's reminder
 * once (the latest day reached only: a draft found first at day 12 gets the day-11 one).
 */
export const sendInvoiceReminders = async (at: Date) => {
  const result = { checked: 0, sent: 0 };
  for (const draft of await listDrafts()) {
    result.checked += 1;
    const days = daysSince(draft.PaidAt, at);
    const day = [...INVOICE_REMINDER_DAYS].reverse().find((reminderDay) => days >= reminderDay);
    if (day === undefined) continue;
    try {
      if ((await remindDraft(draft, day, at)) === 'sent') result.sent += 1;
    } catch (error) {
      logger.warn('Invoice reminder not recorded', {
        bookingId: draft.BookingId,
        reason: error instanceof Error ? error.name : 'Error',
      });
    }
  }
  return result;
};
