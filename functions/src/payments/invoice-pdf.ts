/**
 * The PDF of an invoice or credit note (docs/product.md#invoicing), drawn with pdf-lib (see
 * docs/decisions/0026-invoicing.md): A4, the standard Helvetica font (its WinAnsi encoding covers Italian
 * accents, ’ and €), every fact on its own line so the text extracted from the file reads as printed.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { invoiceWording, TIME_ZONE } from '@nutri/shared';
import type { InvoiceParty, InvoiceRecord } from './invoices-repo';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);

/** `1234` cents as `12,34 €`. */
export const euro = (cents: number) =>
  `${(cents / 100).toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;

/** DD/MM/YYYY of an instant, Rome time. */
export const romeDayLabel = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

class Writer {
  private y = A4[1] - MARGIN;
  constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  /** Lines of text wrapped to the width, from the current position down. */
  text(value: string, options: { size?: number; bold?: boolean; muted?: boolean; x?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const x = options.x ?? MARGIN;
    const width = A4[0] - MARGIN - x;
    for (const line of wrap(value, font, size, width)) {
      this.page.drawText(line, { x, y: this.y, size, font, color: options.muted ? MUTED : INK });
      this.y -= size * 1.4;
    }
  }

  /** A label on the left and an amount right-aligned on one line. */
  row(label: string, amount: string, options: { bold?: boolean } = {}) {
    const font = options.bold ? this.bold : this.regular;
    const size = 10;
    this.page.drawText(label, { x: MARGIN, y: this.y, size, font, color: INK });
    const width = font.widthOfTextAtSize(amount, size);
    this.page.drawText(amount, { x: A4[0] - MARGIN - width, y: this.y, size, font, color: INK });
    this.y -= size * 1.6;
  }

  gap(points = 10) {
    this.y -= points;
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 6 },
      end: { x: A4[0] - MARGIN, y: this.y + 6 },
      thickness: 0.5,
      color: MUTED,
    });
    this.gap(6);
  }
}

const wrap = (value: string, font: PDFFont, size: number, width: number) => {
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
};

const party = (writer: Writer, title: string, who: InvoiceParty) => {
  writer.text(title, { bold: true, size: 9, muted: true });
  writer.text(who.LegalName, { bold: true });
  if (who.Address) writer.text(who.Address);
  if (who.PartitaIva) writer.text(`Partita IVA ${who.PartitaIva}`);
  if (who.CodiceFiscale) writer.text(`Codice fiscale ${who.CodiceFiscale}`);
  if (who.Register) writer.text(`Iscrizione all’albo: ${who.Register}`);
  writer.gap(8);
};

/** The wording of an exempt or out-of-scope health document, by the issuer's regime. */
const exemptionWording = (issuer: InvoiceParty) =>
  issuer.Regime === 'forfettario' ? invoiceWording.forfettario : invoiceWording.exemptOrdinary;

/** Renders a numbered document (an issued invoice or a credit note) as PDF bytes. */
export const renderInvoicePdf = async (record: InvoiceRecord): Promise<Uint8Array> => {
  if (!record.Number || !record.IssuedAt || !record.Issuer)
    throw new Error('Only a numbered document with its issuer is rendered');
  const pdf = await PDFDocument.create();
  const title = record.DocumentType === 'credit-note' ? 'Nota di credito' : 'Fattura';
  pdf.setTitle(`${title} ${record.Number}`);
  pdf.setAuthor(record.Issuer.LegalName);
  pdf.setProducer('Nutrì');
  pdf.setCreationDate(new Date(record.IssuedAt));
  pdf.setModificationDate(new Date(record.IssuedAt));
  const page = pdf.addPage(A4);
  const writer = new Writer(
    page,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );

  writer.text(`${title} n. ${record.Number}`, { size: 18, bold: true });
  writer.text(`Data: ${romeDayLabel(record.IssuedAt)}`);
  writer.text(`Pagamento con carta del ${romeDayLabel(record.PaidAt)}`, { muted: true });
  if (record.RefersTo)
    writer.text(invoiceWording.creditNoteOf(record.RefersTo.Number, romeDayLabel(record.RefersTo.IssuedAt)));
  writer.gap(12);
  party(writer, 'EMITTENTE', record.Issuer);
  party(writer, 'CLIENTE', record.Customer);

  writer.rule();
  writer.text('DESCRIZIONE', { bold: true, size: 9, muted: true });
  const sign = record.DocumentType === 'credit-note' ? -1 : 1;
  let exempt = 0;
  for (const line of record.Lines) {
    writer.row(line.Description, euro(sign * line.Net));
    if (line.VatRate === null) exempt += line.Net;
    else writer.row(`IVA ${line.VatRate}%`, euro(sign * line.Vat));
  }
  if (record.StampDuty) {
    const bearer =
      record.StampDuty === 'patient' ? invoiceWording.stampDutyPatient : invoiceWording.stampDutyIssuer;
    writer.row(`Marca da bollo (${bearer})`, euro(sign * (record.StampDuty === 'patient' ? 200 : 0)));
  }
  writer.rule();
  writer.row('Totale documento', euro(sign * record.Amount), { bold: true });
  writer.gap(10);

  if (exempt > 0) writer.text(exemptionWording(record.Issuer), { size: 9 });
  if (record.StampDuty)
    writer.text(
      `${invoiceWording.stampDuty}, ${
        record.StampDuty === 'patient' ? invoiceWording.stampDutyPatient : invoiceWording.stampDutyIssuer
      }.`,
      { size: 9 },
    );
  // The deduction and the opposition concern the expense, so an invoice's, not the credit note reversing it.
  if (record.Kind === 'nutritionist' && record.DocumentType === 'invoice') {
    writer.text(invoiceWording.irpef, { size: 9 });
    if (record.StsOpposed) writer.text(invoiceWording.stsOpposed, { size: 9 });
  }
  return pdf.save({ useObjectStreams: false });
};
