/**
 * Invoicing and Italian tax rules (docs/product.md#invoicing): the documents of a paid visit, their
 * wording, the stamp duty threshold, the nutritionist's fiscal data and the views the API returns.
 * Tax facts from the published rules: VAT exemption of health services (art. 10, comma 1, n. 18, DPR
 * 633/72), the forfettario regime (art. 1, commi 54-89, L. 190/2014), the 2 EUR stamp duty on exempt or
 * out-of-scope amounts above 77.47 EUR (DPR 642/72, tariffa art. 13), 19% IRPEF deduction of traceable
 * health expenses (art. 15 TUIR).
 */
import * as z from 'zod';
import { requiredText } from './text';

/** The two issuers of a visit: the nutritionist's health service and the service's own part. */
export type InvoiceKind = 'nutritionist' | 'service';
/** An invoice, or the nota di credito that reverses it on a refund. */
export type DocumentType = 'invoice' | 'credit-note';
/**
 * `draft`: the nutritionist's health invoice prepared by the product, not yet issued (no number);
 * `issued`: numbered, its PDF made by the product; `uploaded`: the nutritionist issued it with their own
 * software and uploaded the PDF.
 */
export type InvoiceState = 'draft' | 'issued' | 'uploaded';
export type FiscalRegime = 'ordinario' | 'forfettario';
/** Who bears the 2 EUR stamp duty (a setting): the patient (added to the document) or the issuer. */
export type StampDutyPayer = 'patient' | 'issuer';

/** Exempt or out-of-scope amounts strictly above this carry the stamp duty (cents). */
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;
export const STAMP_DUTY_CENTS = 200;

/** Whether a document's exempt (or out-of-scope) amount carries the 2 EUR marca da bollo. */
export const stampDutyDue = (exemptCents: number) => exemptCents > STAMP_DUTY_THRESHOLD_CENTS;

/** VAT included in a gross amount at a rate (percent): net and VAT, cents, adding up to the gross. */
export const splitVat = (grossCents: number, ratePercent: number) => {
  const net = Math.round((grossCents * 100) / (100 + ratePercent));
  return { net, vat: grossCents - net };
};

export const invoiceWording = {
  exemptOrdinary: 'Operazione esente IVA ai sensi dell’art. 10, comma 1, n. 18, DPR 633/72.',
  forfettario:
    'Operazione effettuata ai sensi dell’art. 1, commi da 54 a 89, della Legge n. 190/2014 (regime forfettario): senza applicazione dell’IVA e non soggetta a ritenuta d’acconto.',
  stampDuty: 'Imposta di bollo di 2,00 EUR assolta sull’originale (art. 13, tariffa all. A, DPR 642/72)',
  stampDutyPatient: 'a carico del cliente',
  stampDutyIssuer: 'a carico dell’emittente',
  irpef:
    'Spesa sanitaria detraibile al 19% ai fini IRPEF (art. 15, comma 1, lett. c, TUIR): pagamento tracciabile con carta.',
  stsOpposed:
    'Il paziente si è opposto alla trasmissione dei dati di questa spesa al Sistema Tessera Sanitaria.',
  healthDescription: 'Visita nutrizionale (prestazione sanitaria)',
  serviceDescription: 'Servizio online Nutrì: prenotazione, videochiamata e chat',
  creditNoteOf: (number: string, date: string) =>
    `Nota di credito a storno totale della fattura n. ${number} del ${date}`,
} as const;

export const invoicingTexts = {
  fiscalDataSaved: 'Dati fiscali salvati',
  fiscalDataMissing:
    'Completa i tuoi dati fiscali (regime e iscrizione all’albo) e i dati per la fattura prima della prima visita a pagamento.',
  regimeRequired: 'Scegli il regime fiscale.',
  registerRequired: 'Indica l’albo o l’ordine professionale.',
  registerNumberRequired: 'Indica il numero di iscrizione all’albo.',
  documentNotFound: 'Fattura non trovata.',
  zipTooLarge: 'Troppi documenti nel periodo per un solo archivio: scegli un periodo più breve.',
  notADraft: 'Questa fattura è già stata emessa.',
  fiscalDataIncomplete: 'Dati fiscali incompleti: completali in Fatture prima di emettere la fattura.',
  uploadNotFound: 'File non trovato: caricalo di nuovo.',
  uploadNotPdf: 'Il file non è un PDF.',
  uploadTooLarge: 'Il file supera i 10 MB.',
  ownNumberRequired: 'Indica il numero della tua fattura.',
  periodInvalid: 'Periodo non valido: la data di inizio deve precedere quella di fine, entro un anno.',
  stsOppositionLocked: 'La fattura è già stata emessa: l’opposizione non si può più cambiare.',
} as const;

/** The nutritionist's own fiscal data beside their billing profile (name, P.IVA, CF, address). */
export const nutritionistFiscalDataSchema = z.object({
  Regime: z.enum(['ordinario', 'forfettario'], { error: invoicingTexts.regimeRequired }),
  Register: requiredText(120, { required: invoicingTexts.registerRequired }),
  RegisterNumber: requiredText(40, { required: invoicingTexts.registerNumberRequired }),
});
export type NutritionistFiscalDataInput = z.infer<typeof nutritionistFiscalDataSchema>;

/** Response of `GET CurrentNutritionist/FiscalData`. */
export interface NutritionistFiscalDataView {
  Regime: FiscalRegime | null;
  Register: string | null;
  RegisterNumber: string | null;
  /** From the active billing profile. */
  LegalName: string | null;
  PartitaIva: string | null;
  CodiceFiscale: string | null;
  Address: string | null;
  /** What still misses before the product can draft an invoice (Italian labels). */
  Missing: string[];
}

/** One document as the API lists it. */
export interface InvoiceDocumentView {
  /** `<bookingId>-<kind>` or `<bookingId>-<kind>-nc` for a credit note: the download path's id. */
  DocumentId: string;
  BookingId: number;
  Kind: InvoiceKind;
  DocumentType: DocumentType;
  /** Null for a draft. */
  Number: string | null;
  IssuerName: string;
  IssuerUserId: string | null;
  CustomerName: string;
  /** Cents, EUR: what the document totals (VAT and stamp duty included). */
  Amount: number;
  State: InvoiceState;
  StsOpposed: boolean;
  PaidAt: string;
  IssuedAt: string | null;
  /** The nutritionist's deadline (12 days after payment); null for the service's documents. */
  DueAt: string | null;
  HasPdf: boolean;
  /** Reminders the nutritionist received of a draft (on day 7 and 11 after payment, or from an admin). */
  ReminderCount: number;
  LastRemindedAt: string | null;
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: invoicingTexts.periodInvalid });

/** A period of invoices (Rome calendar days, both included), at most a year and a day. */
export const invoicePeriodSchema = z
  .object({ From: isoDate, To: isoDate })
  .refine(({ From, To }) => From <= To && Date.parse(To) - Date.parse(From) <= 366 * 86_400_000, {
    error: invoicingTexts.periodInvalid,
  });

export const stsOppositionSchema = z.object({ Opposed: z.boolean() });

export const ownInvoiceUploadSchema = z.object({
  // The STS format's numDocumento: letters, digits and _ . / \\ - only, at most 20.
  Number: requiredText(20, { required: invoicingTexts.ownNumberRequired }).refine(
    (value) => /^[A-Za-z0-9_./\\-]{1,20}$/.test(value),
    { error: 'Numero non valido: lettere, cifre e / - _ . soltanto, al massimo 20.' },
  ),
});
