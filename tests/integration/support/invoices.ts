/**
 * Invoicing helpers: a nutritionist with complete fiscal data, a patient's billing profile, the text of a
 * PDF (pdfjs-dist, the reader Firefox uses) and the STS file checked against the published XSD
 * (xmllint-wasm: libxml2's own validator, offline).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { api, stack } from './api';
import { postSessionCompleted } from './stripe';

/** A partita IVA with a right check digit, and the codici fiscali the billing tests use (Roma, H501). */
export const NUTRITIONIST_PIVA = '01234567897';
export const NUTRITIONIST_CF = 'VRDNNA80A41H501H';
export const PATIENT_CF = 'RSSMRA85T10A562S';

export const addNutritionistFiscalData = async (
  token: string,
  regime: 'ordinario' | 'forfettario' = 'ordinario',
) => {
  const profile = await api('POST', 'User/BillingProfilesSelf', {
    token,
    body: {
      RagioneSociale: 'Anna Verdi',
      CodiceFiscale: NUTRITIONIST_CF,
      PartitaIva: NUTRITIONIST_PIVA,
      Address: 'Via Nazionale 5',
      PostalCode: '00184',
      ComuneId: 'H501',
    },
  });
  expect(profile.status, JSON.stringify(profile.body)).toBe(201);
  const fiscal = await api('PUT', 'CurrentNutritionist/FiscalData', {
    token,
    body: { Regime: regime, Register: 'Ordine Nazionale dei Biologi', RegisterNumber: 'AA_012345' },
  });
  expect(fiscal.status, JSON.stringify(fiscal.body)).toBe(200);
};

export const addPatientBillingProfile = async (token: string, name: string) => {
  const result = await api('POST', 'User/BillingProfilesSelf', {
    token,
    body: {
      RagioneSociale: name,
      CodiceFiscale: PATIENT_CF,
      Address: 'Via dei Mille 12',
      PostalCode: '00185',
      ComuneId: 'H501',
    },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
};

/** The text of every page of a PDF, one string per drawn line, joined by newlines. */
export const pdfText = async (bytes: Uint8Array) => {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({
    data: bytes,
    useSystemFonts: false,
    isEvalSupported: false,
    // Text only: no glyphs are drawn, so the standard fonts' data are not needed (and not warned about).
    verbosity: 0,
  }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim()) lines.push(item.str);
  }
  await pdf.destroy();
  return lines.join('\n');
};

/** Downloads a presigned link's file. */
export const download = async (url: string) => {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
};

const XSD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sts', '730_precompilata.xsd');

/** Validates an STS file against the kit's 730_precompilata.xsd; the validator's messages when invalid. */
export const validateSts = async (xml: string) => {
  const { validateXML } = await import('xmllint-wasm');
  const result = await validateXML({
    xml: [{ fileName: 'spese.xml', contents: xml }],
    schema: [{ fileName: '730_precompilata.xsd', contents: await readFile(XSD, 'utf8') }],
  });
  return result.errors.map((error) => error.message);
};

/** Pays a booking through a signed checkout.session.completed, as Stripe sends it. */
export const payByWebhook = async (bookingId: number) => {
  const response = await postSessionCompleted(stack.baseUrl, bookingId);
  expect(response.status).toBe(200);
};
