/**
 * The Sistema Tessera Sanitaria file of a nutritionist's health invoices (docs/product.md#invoicing), in
 * the spese sanitarie format of the published technical kit (730_precompilata.xsd, kit 730P of
 * 18/12/2020: root `precompilata`, `proprietario`, one `documentoSpesa` per document with `idSpesa`,
 * `dataPagamento`, `flagOperazione`, `cfCittadino`, `pagamentoTracciato`, `tipoDocumento`,
 * `flagOpposizione`, `voceSpesa`). See docs/decisions/0026-invoicing.md.
 * - Invoices are `I` (insert); a credit note is `R` (refund) with `idRimborso` naming the invoice it reverses.
 * - Invoices the patient opposed, and their credit notes, are left out.
 * - `tipoSpesa` SP (prestazioni sanitarie); `naturaIVA` N4 (exempt, ordinary regime) or N2.2 (not subject,
 *   forfettario). Card payments are traceable (`pagamentoTracciato` SI).
 * - The codici fiscali are written in clear: the encryption with the Sanitel certificate belongs to the
 *   transmission, done by the nutritionist's channel (portal or intermediary).
 */
import { TIME_ZONE } from '@nutri/shared';
import type { InvoiceRecord } from './invoices-repo';

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** YYYY-MM-DD of an instant in Rome. */
const romeDate = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

const amount = (cents: number) => (cents / 100).toFixed(2);

const idDocument = (tag: string, partitaIva: string, issuedAt: string, number: string) =>
  `<${tag}><pIva>${escapeXml(partitaIva)}</pIva><dataEmissione>${romeDate(issuedAt)}</dataEmissione>` +
  `<numDocumentoFiscale><dispositivo>1</dispositivo><numDocumento>${escapeXml(number)}</numDocumento></numDocumentoFiscale></${tag}>`;

/** The documents of a file: the nutritionist's issued or uploaded health documents, none opposed. */
export const stsDocuments = (documents: readonly InvoiceRecord[]) =>
  documents.filter(
    (document) =>
      document.Kind === 'nutritionist' &&
      document.State !== 'draft' &&
      !document.StsOpposed &&
      document.Number !== null &&
      document.IssuedAt !== null &&
      document.Customer.CodiceFiscale !== '' &&
      document.Issuer?.PartitaIva,
  );

/** The XML file, or null when no document is to be sent. */
export const stsXml = (ownerCodiceFiscale: string, documents: readonly InvoiceRecord[]): string | null => {
  const included = stsDocuments(documents);
  if (included.length === 0) return null;
  const entries = included.map((document) => {
    const partitaIva = document.Issuer!.PartitaIva!;
    const refund = document.DocumentType === 'credit-note' && document.RefersTo;
    const health = document.Lines.filter((line) => line.VatRate === null).reduce(
      (sum, line) => sum + line.Net,
      0,
    );
    const nature = document.Issuer?.Regime === 'forfettario' ? 'N2.2' : 'N4';
    return [
      '<documentoSpesa>',
      idDocument('idSpesa', partitaIva, document.IssuedAt!, document.Number!),
      refund ? idDocument('idRimborso', partitaIva, refund.IssuedAt, refund.Number) : '',
      `<dataPagamento>${romeDate(refund ? document.IssuedAt! : document.PaidAt)}</dataPagamento>`,
      `<flagOperazione>${refund ? 'R' : 'I'}</flagOperazione>`,
      `<cfCittadino>${escapeXml(document.Customer.CodiceFiscale)}</cfCittadino>`,
      '<pagamentoTracciato>SI</pagamentoTracciato>',
      '<tipoDocumento>F</tipoDocumento>',
      '<flagOpposizione>0</flagOpposizione>',
      `<voceSpesa><tipoSpesa>SP</tipoSpesa><importo>${amount(health)}</importo><naturaIVA>${nature}</naturaIVA></voceSpesa>`,
      '</documentoSpesa>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<precompilata xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="730_precompilata.xsd">',
    `<proprietario><cfProprietario>${escapeXml(ownerCodiceFiscale)}</cfProprietario></proprietario>`,
    ...entries,
    '</precompilata>',
    '',
  ].join('\n');
};
