/**
 * Renders the first page of each kind of document the product draws (the service's invoice, a health
 * invoice in each regime, one with the stamp duty, a credit note) to PNG under docs/screenshots/, with
 * the same code the outbox step uses (functions/src/payments/invoice-pdf.ts) and Mozilla's PDF reader.
 * Run: `npx tsx tests/support/invoice-screenshots.ts` (no stack needed).
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitVat } from '@nutri/shared';
import { healthDocumentAmounts, serviceIssuer } from '../../functions/src/payments/invoices';
import { renderInvoicePdf } from '../../functions/src/payments/invoice-pdf';
import type { InvoiceRecord } from '../../functions/src/payments/invoices-repo';

process.env.TABLE_NAME ??= 'unused';
process.env.FILES_BUCKET ??= 'unused';
process.env.ASSETS_BUCKET ??= 'unused';
process.env.ASSETS_BASE_URL ??= 'http://localhost/assets';
process.env.PUBLIC_BASE_URL ??= 'http://localhost';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');
const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${path.dirname(require.resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

const nutritionist = {
  LegalName: 'Anna Verdi',
  CodiceFiscale: 'VRDNNA80A41H501H',
  PartitaIva: '01234567897',
  Address: 'Via Nazionale 5, 00184 Roma (RM)',
  Register: 'Ordine Nazionale dei Biologi n. AA_012345',
  Regime: 'ordinario' as const,
};
const customer = {
  LegalName: 'Giulia Conti',
  CodiceFiscale: 'RSSMRA85T10A562S',
  PartitaIva: null,
  Address: 'Via dei Mille 12, 00185 Roma (RM)',
};
const base = {
  BookingId: 1,
  PatientUserId: 'patient',
  Customer: customer,
  State: 'issued' as const,
  StsOpposed: false,
  PaidAt: '2026-11-20T10:00:00.000Z',
  IssuedAt: '2026-11-21T09:00:00.000Z',
  DueAt: null,
  RefersTo: null,
  PdfKey: null,
  CreatedAt: '2026-11-20T10:00:00.000Z',
  ReminderCount: 0,
  LastRemindedAt: null,
};

const health = (amount: number, regime: 'ordinario' | 'forfettario', number: string): InvoiceRecord => {
  const { lines, stampDuty, amount: total } = healthDocumentAmounts(amount);
  return {
    ...base,
    Kind: 'nutritionist',
    DocumentType: 'invoice',
    Number: number,
    Seq: 1,
    IssuerUserId: 'nutritionist',
    Issuer: { ...nutritionist, Regime: regime },
    Lines: lines,
    StampDuty: stampDuty,
    Amount: total,
  };
};

const { net, vat } = splitVat(2000, 22);
const service: InvoiceRecord = {
  ...base,
  Kind: 'service',
  DocumentType: 'invoice',
  Number: 'S-2026-000042',
  Seq: 42,
  IssuerUserId: null,
  Issuer: serviceIssuer(),
  Lines: [
    {
      Description: 'Servizio online Nutrì: prenotazione, videochiamata e chat',
      Net: net,
      VatRate: 22,
      Vat: vat,
    },
  ],
  StampDuty: null,
  Amount: 2000,
};

const documents: [string, InvoiceRecord][] = [
  ['invoice-service', service],
  ['invoice-health-ordinario', health(3500, 'ordinario', 'N-2026-000007')],
  ['invoice-health-forfettario-stamp-duty', health(8000, 'forfettario', 'N-2026-000008')],
  [
    'invoice-credit-note',
    {
      ...health(3500, 'ordinario', 'NC-N-2026-000001'),
      DocumentType: 'credit-note',
      RefersTo: { Number: 'N-2026-000007', IssuedAt: '2026-11-21T09:00:00.000Z' },
    },
  ],
];

const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
for (const [name, record] of documents) {
  const pdf = await getDocument({ data: await renderInvoicePdf(record), standardFontDataUrl: STANDARD_FONTS })
    .promise;
  const page = await pdf.getPage(1);
  const viewport = page.getViewport({ scale: 1.5 });
  const canvasFactory = pdf.canvasFactory as {
    create: (w: number, h: number) => { canvas: { toBuffer: (type: string) => Buffer } };
  };
  const { canvas } = canvasFactory.create(viewport.width, viewport.height);
  // pdf.js draws on the Node canvas its own factory made (@napi-rs/canvas), typed as a browser canvas.
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
  await writeFile(path.join(OUT, `${name}.png`), canvas.toBuffer('image/png'));
  await pdf.destroy();
  console.log(`docs/screenshots/${name}.png`);
}
