/**
 * Invoicing on the local stack (docs/product.md#invoicing): a paid visit's documents as PDFs in the
 * private bucket, read back as text; gapless numbers under concurrency; the stamp duty boundary; credit
 * notes on refund; the STS file validated against the published XSD; who may reach what.
 */
import { describe, expect, it } from 'vitest';
import {
  BookingStatus,
  BookingType,
  CancelReason,
  invoiceWording,
  invoicingTexts,
  romeDate,
  type InvoiceDocumentView,
  type InvoiceView,
} from '@nutri/shared';
import { api, stack } from './support/api';
import {
  NUTRITIONIST_CF,
  NUTRITIONIST_PIVA,
  PATIENT_CF,
  addNutritionistFiscalData,
  addPatientBillingProfile,
  download,
  payByWebhook,
  pdfText,
  validateSts,
} from './support/invoices';
import { eventually, waitForEffects, waitForEffectsWithin } from './support/outbox';
import {
  addAvailability,
  bookVisitFor,
  createNutritionist,
  createPatientOf,
  romeDateIn,
} from './support/visits';

const invoices = () => import('../../functions/src/payments/invoices');
const repo = () => import('../../functions/src/payments/invoices-repo');
const pdf = () => import('../../functions/src/payments/invoice-pdf');

const runJob = async (name: string) => {
  const response = await fetch(`${stack.baseUrl}/dev/jobs/${name}/run`, { method: 'POST' });
  expect(response.status).toBe(200);
};

const rawGet = async (path: string, token: string) => {
  const response = await fetch(`${stack.baseUrl}/api/v2/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
};

const bookingInvoices = async (token: string, bookingId: number) => {
  const result = await api<{ Data: InvoiceView[] }>('GET', `CurrentPatient/Bookings/${bookingId}/Invoices`, {
    token,
  });
  expect(result.status).toBe(200);
  return result.body.Data;
};

/** A nutritionist with fiscal data and a patient with a billing profile, and a visit awaiting payment. */
const visitToPay = async (regime: 'ordinario' | 'forfettario' = 'ordinario') => {
  const nutritionist = await createNutritionist();
  await addNutritionistFiscalData(nutritionist.token, regime);
  const patient = await createPatientOf(nutritionist.id, 'Giulia Conti');
  await addPatientBillingProfile(patient.token, 'Giulia Conti');
  const date = romeDateIn(10);
  await addAvailability(nutritionist, date, '09:00', '12:00');
  const booking = await bookVisitFor(nutritionist, patient.id, BookingType.NORMAL, `${date}T10:00`);
  expect(booking.BookingStatusId).toBe(BookingStatus.WAITINGFORPAYMENT);
  return { nutritionist, patient, booking };
};

describe('a paid visit’s documents', () => {
  it('the service’s invoice is issued as a PDF, the health invoice drafted; confirmed, it is a PDF too; a refund issues credit notes', async () => {
    const { nutritionist, patient, booking } = await visitToPay();
    const opposed = await api('PUT', `CurrentPatient/Bookings/${booking.BookingId}/StsOpposition`, {
      token: patient.token,
      body: { Opposed: false },
    });
    expect(opposed.status).toBe(200);
    await payByWebhook(booking.BookingId);
    await waitForEffects(patient.id);

    const documents = await eventually(
      () => bookingInvoices(patient.token, booking.BookingId),
      (list) => list.some((document) => document.Kind === 'service' && document.HasPdf),
      'the service invoice’s PDF',
    );
    const service = documents.find((document) => document.Kind === 'service')!;
    const draft = documents.find((document) => document.Kind === 'nutritionist')!;
    expect(service).toMatchObject({ State: 'issued', Amount: 2000, DocumentType: 'invoice' });
    expect(service.Number).toMatch(/^S-\d{4}-\d{6}$/);
    expect(draft).toMatchObject({ State: 'draft', Number: null, Amount: 3500, HasPdf: false });
    expect(Date.parse(draft.UploadDueAt!) - Date.now()).toBeGreaterThan(11 * 86_400_000);

    // The service's PDF, through the patient's short-lived link.
    const link = await api<{ Url: string }>('GET', `CurrentPatient/Invoices/${service.DocumentId}/Download`, {
      token: patient.token,
    });
    expect(link.status).toBe(200);
    const serviceText = await pdfText(await download(link.body.Url));
    expect(serviceText).toContain(`Fattura n. ${service.Number}`);
    expect(serviceText).toContain('Nutrì S.r.l.');
    expect(serviceText).toContain('Partita IVA 01234567897');
    expect(serviceText).toContain('Giulia Conti');
    expect(serviceText).toContain(`Codice fiscale ${PATIENT_CF}`);
    expect(serviceText).toContain('16,39 €');
    expect(serviceText).toContain('IVA 22%');
    expect(serviceText).toContain('3,61 €');
    expect(serviceText).toContain('20,00 €');
    expect(serviceText).not.toContain('art. 10');
    expect(serviceText).not.toContain('Marca da bollo');

    // Another patient, or another nutritionist, reaches nothing of it.
    const stranger = await createPatientOf(nutritionist.id, 'Luca Bassi');
    expect(
      (await api('GET', `CurrentPatient/Invoices/${service.DocumentId}/Download`, { token: stranger.token }))
        .status,
    ).toBe(404);
    const otherNutritionist = await createNutritionist();
    await addNutritionistFiscalData(otherNutritionist.token);
    expect(
      (
        await api('POST', `CurrentNutritionist/InvoiceDrafts/${booking.BookingId}/Confirm`, {
          token: otherNutritionist.token,
        })
      ).status,
    ).toBe(404);

    // The nutritionist confirms the draft with one click: numbered in their own series, then its PDF.
    const confirmed = await api<InvoiceDocumentView>(
      'POST',
      `CurrentNutritionist/InvoiceDrafts/${booking.BookingId}/Confirm`,
      { token: nutritionist.token },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.Number).toMatch(/^N-\d{4}-000001$/);
    expect(
      (
        await api('POST', `CurrentNutritionist/InvoiceDrafts/${booking.BookingId}/Confirm`, {
          token: nutritionist.token,
        })
      ).status,
    ).toBe(409);
    await waitForEffects(patient.id);
    const health = await eventually(
      async () =>
        (await bookingInvoices(patient.token, booking.BookingId)).find((d) => d.Kind === 'nutritionist')!,
      (document) => document.HasPdf,
      'the health invoice’s PDF',
    );
    const healthLink = await api<{ Url: string }>(
      'GET',
      `CurrentNutritionist/Invoices/${health.DocumentId}/Download`,
      { token: nutritionist.token },
    );
    expect(healthLink.status).toBe(200);
    const healthText = await pdfText(await download(healthLink.body.Url));
    expect(healthText).toContain(`Fattura n. ${confirmed.body.Number}`);
    expect(healthText).toContain('Anna Verdi');
    expect(healthText).toContain(`Partita IVA ${NUTRITIONIST_PIVA}`);
    expect(healthText).toContain(`Codice fiscale ${NUTRITIONIST_CF}`);
    expect(healthText).toContain('Ordine Nazionale dei Biologi n. AA_012345');
    expect(healthText).toContain(`Codice fiscale ${PATIENT_CF}`);
    expect(healthText).toContain('35,00 €');
    expect(healthText.replace(/\n/g, ' ')).toContain(invoiceWording.exemptOrdinary);
    expect(healthText.replace(/\n/g, ' ')).toContain('detraibile al 19% ai fini IRPEF');
    expect(healthText).not.toContain('Marca da bollo');
    // The patient was mailed each invoice (the service's and the health one).
    const { mailsTo } = await import('./support/api');
    const invoiceMails = (await mailsTo(patient.email)).filter((mail) =>
      mail.subject.startsWith('La tua fattura'),
    );
    expect(invoiceMails).toHaveLength(2);

    // Cancelled in time and refunded: each issued invoice gets its credit note, referencing it.
    const cancelled = await api(
      'POST',
      `CurrentNutritionist/Bookings/${booking.BookingId}/CancelBooking?cancelReasonId=${CancelReason.PATIENT_CHOICE}`,
      { token: nutritionist.token },
    );
    expect(cancelled.status).toBe(200);
    await runJob('issue-refunds');
    await waitForEffects(patient.id);
    const afterRefund = await eventually(
      () => bookingInvoices(patient.token, booking.BookingId),
      (list) => list.filter((d) => d.DocumentType === 'credit-note' && d.HasPdf).length === 2,
      'two credit notes with their PDFs',
    );
    const creditNotes = afterRefund.filter((document) => document.DocumentType === 'credit-note');
    expect(creditNotes.map((note) => note.Number).sort()).toEqual([
      expect.stringMatching(/^NC-N-\d{4}-000001$/) as unknown,
      expect.stringMatching(/^NC-S-\d{4}-\d{6}$/) as unknown,
    ]);
    const note = creditNotes.find((document) => document.Kind === 'nutritionist')!;
    const noteLink = await api<{ Url: string }>(
      'GET',
      `CurrentPatient/Invoices/${note.DocumentId}/Download`,
      {
        token: patient.token,
      },
    );
    const noteText = await pdfText(await download(noteLink.body.Url));
    expect(noteText).toContain(`Nota di credito n. ${note.Number}`);
    expect(noteText.replace(/\n/g, ' ')).toContain(`storno totale della fattura n. ${confirmed.body.Number}`);
    expect(noteText).toContain('-35,00 €');
  });
});

describe('wording and stamp duty', () => {
  const render = async (amountCents: number, regime: 'ordinario' | 'forfettario') => {
    const { healthDocumentAmounts } = await invoices();
    const { renderInvoicePdf } = await pdf();
    const { lines, stampDuty, amount } = healthDocumentAmounts(amountCents);
    return pdfText(
      await renderInvoicePdf({
        BookingId: 1,
        Kind: 'nutritionist',
        DocumentType: 'invoice',
        Number: 'N-2026-000007',
        Seq: 7,
        IssuerUserId: 'u',
        PatientUserId: 'p',
        Issuer: {
          LegalName: 'Anna Verdi',
          CodiceFiscale: NUTRITIONIST_CF,
          PartitaIva: NUTRITIONIST_PIVA,
          Address: 'Via Nazionale 5, 00184 Roma (RM)',
          Register: 'Ordine Nazionale dei Biologi n. AA_012345',
          Regime: regime,
        },
        Customer: {
          LegalName: 'Giulia Conti',
          CodiceFiscale: PATIENT_CF,
          PartitaIva: null,
          Address: 'Via dei Mille 12',
        },
        Lines: lines,
        StampDuty: stampDuty,
        Amount: amount,
        State: 'issued',
        StsOpposed: false,
        PaidAt: '2026-03-02T10:00:00.000Z',
        IssuedAt: '2026-03-03T10:00:00.000Z',
        DueAt: null,
        RefersTo: null,
        PdfKey: null,
        CreatedAt: '2026-03-02T10:00:00.000Z',
        ReminderCount: 0,
        LastRemindedAt: null,
      }),
    );
  };

  it('the 2 EUR stamp duty appears at 77.48 EUR and not at 77.47 EUR, borne by the patient', async () => {
    const at7747 = await render(7747, 'ordinario');
    expect(at7747).not.toContain('Marca da bollo');
    expect(at7747).toContain('77,47 €');
    const at7748 = await render(7748, 'ordinario');
    expect(at7748).toContain('Marca da bollo (a carico del cliente)');
    expect(at7748).toContain('2,00 €');
    expect(at7748).toContain('79,48 €');
  });

  it('a forfettario nutritionist’s invoice carries the forfettario wording, not the exemption', async () => {
    const text = (await render(3500, 'forfettario')).replace(/\n/g, ' ');
    expect(text).toContain('art. 1, commi da 54 a 89, della Legge n. 190/2014');
    expect(text).not.toContain('art. 10, comma 1, n. 18');
  });
});

describe('numbering under concurrency, and the STS file', () => {
  // Bounded by the 100 PDFs' delivery on a loaded 2-core machine, not by the numbering.
  it(
    '50 concurrent payments and their confirmations give gapless numbers per issuer; the STS file leaves out the opposed one and validates',
    { timeout: 240_000 },
    async () => {
      const { recordVisitInvoices, confirmDraft, romeYear } = await invoices();
      const { listIssuerDocuments, listBookingDocuments } = await repo();
      const { putStsOpposition } = await import('../../functions/src/payments/sts-opposition-repo');
      const first = await createNutritionist();
      const second = await createNutritionist();
      await addNutritionistFiscalData(first.token);
      await addNutritionistFiscalData(second.token, 'forfettario');
      const patient = await createPatientOf(first.id, 'Marta Neri');
      await addPatientBillingProfile(patient.token, 'Marta Neri');
      // Booking ids of their own (the documents live beside a booking's id; no booking item is needed).
      const base = 900_000_000 + Math.floor(Math.random() * 90_000_000);
      const payments = Array.from({ length: 50 }, (_, index) => ({
        bookingId: base + index,
        patientUserId: patient.id,
        nutritionistUserId: index % 2 === 0 ? first.id : second.id,
        amountPaid: 5500,
        paidAt: new Date(),
      }));
      const opposedBooking = payments[4]!.bookingId;
      await putStsOpposition(opposedBooking, true, new Date());

      await Promise.all(payments.map((payment) => recordVisitInvoices(payment, new Date())));
      // Delivered twice (an outbox retry): nothing more.
      await recordVisitInvoices(payments[0]!, new Date());
      await Promise.all(
        payments.map((payment) => confirmDraft(payment.nutritionistUserId, payment.bookingId, new Date())),
      );

      const year = romeYear(new Date());
      const yearRange = [`${year}-01-01T00:00:00.000Z`, `${Number(year) + 1}-01-01T00:00:00.000Z`] as const;
      for (const nutritionist of [first, second]) {
        const documents = await listIssuerDocuments(nutritionist.id, ...yearRange);
        expect(documents.map((document) => document.Seq).sort((a, b) => a! - b!)).toEqual(
          Array.from({ length: 25 }, (_, index) => index + 1),
        );
      }
      // The service's series is shared by every visit of the stack: ours are distinct, and no number up to
      // the highest is missing or repeated.
      const ours = (
        await Promise.all(payments.map(async (payment) => listBookingDocuments(payment.bookingId)))
      ).flatMap((documents) => documents.filter((document) => document.Kind === 'service'));
      expect(ours).toHaveLength(50);
      const all = (await listIssuerDocuments(null, ...yearRange)).filter(
        (document) => document.DocumentType === 'invoice' && document.Number?.startsWith(`S-${year}-`),
      );
      const seqs = all.map((document) => document.Seq!).sort((a, b) => a - b);
      const highest = Math.max(...ours.map((document) => document.Seq!));
      expect(seqs.filter((seq) => seq <= highest)).toEqual(
        Array.from({ length: highest }, (_, index) => index + 1),
      );

      // The STS file of the first nutritionist: 24 invoices (the opposed one left out), valid against the XSD.
      const today = romeDate(new Date());
      const sts = await rawGet(
        `CurrentNutritionist/Invoices/Sts?From=${year}-01-01&To=${today}`,
        first.token,
      );
      expect(sts.status, sts.text).toBe(200);
      expect(sts.type).toContain('application/xml');
      expect(await validateSts(sts.text)).toEqual([]);
      expect(sts.text.match(/<documentoSpesa>/g)).toHaveLength(24);
      const opposedNumber = (await listBookingDocuments(opposedBooking)).find(
        (d) => d.Kind === 'nutritionist',
      )!.Number!;
      expect(sts.text).not.toContain(`<numDocumento>${opposedNumber}</numDocumento>`);
      expect(sts.text).toContain(`<cfProprietario>${NUTRITIONIST_CF}</cfProprietario>`);
      expect(sts.text).toContain(`<cfCittadino>${PATIENT_CF}</cfCittadino>`);
      expect(sts.text).toContain('<naturaIVA>N4</naturaIVA>');

      // A refund of one visit: the credit note is in the file as a refund naming the invoice.
      const { issueCreditNotes } = await invoices();
      await issueCreditNotes(payments[2]!.bookingId, new Date());
      const refunded = await listBookingDocuments(payments[2]!.bookingId);
      const invoice = refunded.find((d) => d.Kind === 'nutritionist' && d.DocumentType === 'invoice')!;
      const after = await rawGet(
        `CurrentNutritionist/Invoices/Sts?From=${year}-01-01&To=${today}`,
        first.token,
      );
      expect(await validateSts(after.text)).toEqual([]);
      expect(after.text.match(/<flagOperazione>R<\/flagOperazione>/g)).toHaveLength(1);
      expect(after.text).toContain(`<idRimborso><pIva>${NUTRITIONIST_PIVA}</pIva>`);
      expect(after.text).toContain(
        `<numDocumento>${invoice.Number}</numDocumento></numDocumentoFiscale></idRimborso>`,
      );

      // The forfettario nutritionist's file says so; the admin downloads it too, other roles are refused.
      const admin = await (await import('./support/visits')).adminAccessToken();
      const secondSts = await rawGet(
        `Admin/Invoicing/Sts?NutritionistUserId=${second.id}&From=${year}-01-01&To=${today}`,
        admin,
      );
      expect(secondSts.status).toBe(200);
      expect(await validateSts(secondSts.text)).toEqual([]);
      expect(secondSts.text).toContain('<naturaIVA>N2.2</naturaIVA>');
      expect(
        (
          await rawGet(
            `Admin/Invoicing/Sts?NutritionistUserId=${second.id}&From=${year}-01-01&To=${today}`,
            first.token,
          )
        ).status,
      ).toBe(403);
      expect(
        (await rawGet(`CurrentNutritionist/Invoices/Sts?From=${year}-01-01&To=${today}`, patient.token))
          .status,
      ).toBe(403);

      // The follow-up of the 100 numbered documents (PDF, patient's mail) is delivered from the outbox.
      await waitForEffectsWithin(180_000, patient.id);
      const withPdf = (
        await Promise.all(payments.map(async (payment) => listBookingDocuments(payment.bookingId)))
      ).flatMap((documents) => documents.filter((document) => document.PdfKey !== null));
      expect(withPdf.length).toBeGreaterThanOrEqual(100);
    },
  );
});

describe('the nutritionist’s own invoice, reminders and the back office', () => {
  /** A draft of a visit paid `daysAgo` days ago, made as the payment's outbox step makes it. */
  const draftPaid = async (nutritionistUserId: string, patientUserId: string, daysAgo: number) => {
    const { recordVisitInvoices } = await invoices();
    const bookingId = 800_000_000 + Math.floor(Math.random() * 99_000_000);
    const paidAt = new Date(Date.now() - daysAgo * 86_400_000);
    await recordVisitInvoices(
      { bookingId, patientUserId, nutritionistUserId, amountPaid: 5500, paidAt },
      paidAt,
    );
    return bookingId;
  };

  const minimalPdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

  const upload = async (token: string, bookingId: number, bytes: Buffer, number: string) => {
    const slot = await api<{ UploadId: string; Url: string; Fields: Record<string, string> }>(
      'POST',
      `CurrentNutritionist/InvoiceDrafts/${bookingId}/UploadUrl`,
      { token },
    );
    expect(slot.status).toBe(200);
    const form = new FormData();
    for (const [name, value] of Object.entries(slot.body.Fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'fattura.pdf');
    expect((await fetch(slot.body.Url, { method: 'POST', body: form })).status).toBeLessThan(300);
    return api<InvoiceDocumentView & { message?: string }>(
      'POST',
      `CurrentNutritionist/InvoiceDrafts/${bookingId}/Upload`,
      { token, body: { UploadId: slot.body.UploadId, Number: number } },
    );
  };

  it('a nutritionist without fiscal data is told what is missing, and the admin sees who is missing what; others are refused', async () => {
    const missing = await createNutritionist();
    const complete = await createNutritionist();
    await addNutritionistFiscalData(complete.token);

    // The nutritionist's own view names what is missing (the area's home warns with it before a paid visit).
    const own = await api<{ Missing: string[] }>('GET', 'CurrentNutritionist/FiscalData', {
      token: missing.token,
    });
    expect(own.status).toBe(200);
    expect(own.body.Missing).toEqual([
      'Dati per la fattura (nome, codice fiscale, indirizzo)',
      'Regime fiscale e iscrizione all’albo',
    ]);
    const done = await api<{ Missing: string[] }>('GET', 'CurrentNutritionist/FiscalData', {
      token: complete.token,
    });
    expect(done.body.Missing).toEqual([]);

    const admin = await (await import('./support/visits')).adminAccessToken();
    const list = await api<{ Data: { UserId: string; Email: string; Missing: string[] }[] }>(
      'GET',
      'Admin/Invoicing/MissingFiscalData',
      { token: admin },
    );
    expect(list.status).toBe(200);
    const row = list.body.Data.find((entry) => entry.UserId === missing.id);
    expect(row).toMatchObject({ Email: missing.email, Missing: own.body.Missing });
    expect(list.body.Data.some((entry) => entry.UserId === complete.id)).toBe(false);

    for (const token of [missing.token, complete.token])
      expect((await api('GET', 'Admin/Invoicing/MissingFiscalData', { token })).status).toBe(403);
  });

  it('uploads their own PDF (checked), the patient downloads it; totals by month; fiscal data required', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, 'Sara Galli');
    await addPatientBillingProfile(patient.token, 'Sara Galli');
    const bookingId = await draftPaid(nutritionist.id, patient.id, 1);

    // Without fiscal data nothing can be issued, and the page says what is missing.
    const refused = await api<{ message: string }>(
      'POST',
      `CurrentNutritionist/InvoiceDrafts/${bookingId}/Confirm`,
      {
        token: nutritionist.token,
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(invoicingTexts.fiscalDataIncomplete);
    const page = await api<{ FiscalDataMissing: string[] }>('GET', 'CurrentNutritionist/Invoices', {
      token: nutritionist.token,
    });
    expect(page.body.FiscalDataMissing.length).toBeGreaterThan(0);
    await addNutritionistFiscalData(nutritionist.token);

    // Another nutritionist cannot even ask for an upload slot of this visit.
    const other = await createNutritionist();
    expect(
      (await api('POST', `CurrentNutritionist/InvoiceDrafts/${bookingId}/UploadUrl`, { token: other.token }))
        .status,
    ).toBe(404);

    // A file that is not a PDF is refused (and deleted); a bad number is refused with its reason.
    const notPdf = await upload(nutritionist.token, bookingId, Buffer.from('<html>fattura</html>'), 'FT-12');
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.message).toBe(invoicingTexts.uploadNotPdf);
    const badNumber = await upload(nutritionist.token, bookingId, minimalPdf, 'FT 12/2026!');
    expect(badNumber.status).toBe(400);

    const uploaded = await upload(nutritionist.token, bookingId, minimalPdf, 'FT-2026/12');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body).toMatchObject({ State: 'uploaded', Number: 'FT-2026/12', HasPdf: true });
    expect(
      (
        await api('POST', `CurrentNutritionist/InvoiceDrafts/${bookingId}/UploadUrl`, {
          token: nutritionist.token,
        })
      ).status,
    ).toBe(409);

    const own = await api<{ Data: InvoiceDocumentView[] }>('GET', 'CurrentPatient/Invoices', {
      token: patient.token,
    });
    const document = own.body.Data.find((d) => d.BookingId === bookingId && d.Kind === 'nutritionist')!;
    expect(document.Number).toBe('FT-2026/12');
    const link = await api<{ Url: string }>(
      'GET',
      `CurrentPatient/Invoices/${document.DocumentId}/Download`,
      {
        token: patient.token,
      },
    );
    expect(Buffer.from(await download(link.body.Url)).equals(minimalPdf)).toBe(true);
    await waitForEffects(patient.id);
    const { mailsTo } = await import('./support/api');
    expect((await mailsTo(patient.email)).some((mail) => mail.subject.includes('FT-2026/12'))).toBe(true);

    const totals = await api<{ Monthly: { Month: number; Invoiced: number }[] }>(
      'GET',
      'CurrentNutritionist/Invoices',
      {
        token: nutritionist.token,
      },
    );
    const month = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', month: 'numeric' }).format(new Date()),
    );
    expect(totals.body.Monthly.find((m) => m.Month === month)!.Invoiced).toBe(3500);
  });

  it('reminds on day 7 and day 11, once each; the admin sees overdue drafts first, reminds, lists, exports; others are refused', async () => {
    const { sendInvoiceReminders } = await import('../../functions/src/payments/invoice-effects');
    const nutritionist = await createNutritionist();
    await addNutritionistFiscalData(nutritionist.token);
    const patient = await createPatientOf(nutritionist.id, 'Elena Riva');
    await addPatientBillingProfile(patient.token, 'Elena Riva');
    const recent = await draftPaid(nutritionist.id, patient.id, 7.2);
    const overdue = await draftPaid(nutritionist.id, patient.id, 13);
    const { mailsTo } = await import('./support/api');
    const reminders = async () =>
      (await mailsTo(nutritionist.email)).filter((mail) => mail.subject.startsWith('Fattura da emettere'));

    await Promise.all([sendInvoiceReminders(new Date()), sendInvoiceReminders(new Date())]);
    await sendInvoiceReminders(new Date());
    await waitForEffectsWithin(30_000, nutritionist.id);
    // One reminder per draft: day 7 for the recent one, day 11 for the overdue one.
    expect(await reminders()).toHaveLength(2);
    // Four days later the recent one reaches day 11: one more.
    await sendInvoiceReminders(new Date(Date.now() + 4 * 86_400_000));
    await waitForEffectsWithin(30_000, nutritionist.id);
    expect(await reminders()).toHaveLength(3);

    const admin = await (await import('./support/visits')).adminAccessToken();
    const queue = await api<{
      Data: (InvoiceDocumentView & { DaysSincePayment: number; Overdue: boolean })[];
    }>('GET', 'Admin/Invoicing/BookingsToInvoice', { token: admin });
    expect(queue.status).toBe(200);
    const ours = queue.body.Data.filter((row) => row.IssuerUserId === nutritionist.id);
    expect(ours.map((row) => [row.BookingId, row.Overdue, row.DaysSincePayment])).toEqual([
      [overdue, true, 13],
      [recent, false, 7],
    ]);
    expect(
      (await api('POST', `Admin/Invoicing/BookingsToInvoice/${recent}/Remind`, { token: admin })).status,
    ).toBe(200);
    await waitForEffectsWithin(30_000, nutritionist.id);
    expect(await reminders()).toHaveLength(4);
    // The nutritionist's page counts every reminder of a draft: two from the job and the admin's.
    const own = await api<{ Data: InvoiceDocumentView[] }>('GET', 'CurrentNutritionist/Invoices', {
      token: nutritionist.token,
    });
    const counts = own.body.Data.filter((row) => row.State === 'draft').map((row) => [
      row.BookingId,
      row.ReminderCount,
      row.LastRemindedAt !== null,
    ]);
    expect(counts).toEqual(
      expect.arrayContaining([
        [recent, 3, true],
        [overdue, 1, true],
      ]),
    );

    // Issued: in the admin's list of the period (filtered by issuer), its CSV export and its download.
    const { confirmDraft } = await invoices();
    const issued = await confirmDraft(nutritionist.id, recent, new Date());
    await waitForEffects(patient.id);
    const today = romeDate(new Date());
    const year = today.slice(0, 4);
    const period = `From=${year}-01-01&To=${today}`;
    const list = await api<{ Data: InvoiceDocumentView[] }>(
      'GET',
      `Admin/Invoicing?${period}&IssuerUserId=${nutritionist.id}`,
      { token: admin },
    );
    expect(list.body.Data.map((row) => row.Number)).toEqual([issued.Number]);
    const csv = await rawGet(`Admin/Invoicing/Export?${period}&IssuerUserId=${nutritionist.id}`, admin);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`${issued.Number};Fattura;Anna Verdi;Elena Riva`);
    expect(csv.text).toContain(';35,00;emessa;no');
    const documentId = list.body.Data[0]!.DocumentId;
    await eventually(
      () => api('GET', `Admin/Invoicing/${documentId}/Download`, { token: admin }),
      (result) => result.status === 200,
      'the PDF of the confirmed invoice',
    );

    // The zip for the accountant: the CSV and the confirmed invoice's PDF, its text that of the invoice.
    const zipped = await api<{ Url: string; Count: number }>(
      'GET',
      `Admin/Invoicing/Export/Zip?${period}&IssuerUserId=${nutritionist.id}`,
      { token: admin },
    );
    expect(zipped.status).toBe(200);
    expect(zipped.body.Count).toBe(1);
    const { unzipSync, strFromU8 } = await import('fflate');
    const entries = unzipSync(await download(zipped.body.Url));
    expect(Object.keys(entries).sort()).toEqual([
      'fatture.csv',
      `pdf/${documentId} Fattura ${issued.Number}.pdf`,
    ]);
    expect(strFromU8(entries['fatture.csv']!)).toContain(`${issued.Number};Fattura;Anna Verdi;Elena Riva`);
    expect(await pdfText(entries[`pdf/${documentId} Fattura ${issued.Number}.pdf`]!)).toContain(
      issued.Number,
    );

    // Roles other than the intended ones are refused: 403 for a route of another role, 404 for another's document.
    const other = await createNutritionist();
    const refusals: [string, string, string, number][] = [
      ['GET', 'Admin/Invoicing/BookingsToInvoice', nutritionist.token, 403],
      ['GET', `Admin/Invoicing?${period}`, patient.token, 403],
      ['GET', `Admin/Invoicing/Export/Zip?${period}`, nutritionist.token, 403],
      ['GET', `Admin/Invoicing/Export/Zip?${period}`, patient.token, 403],
      ['POST', `Admin/Invoicing/BookingsToInvoice/${overdue}/Remind`, nutritionist.token, 403],
      ['GET', `Admin/Invoicing/${documentId}/Download`, patient.token, 403],
      ['GET', 'CurrentNutritionist/Invoices', patient.token, 403],
      ['GET', 'CurrentPatient/Invoices', nutritionist.token, 403],
      ['GET', `CurrentNutritionist/Invoices/${documentId}/Download`, other.token, 404],
      ['POST', `CurrentNutritionist/InvoiceDrafts/${overdue}/Confirm`, other.token, 404],
      ['GET', 'CurrentNutritionist/FiscalData', patient.token, 403],
    ];
    for (const [method, path, token, status] of refusals)
      expect([method, path, (await api(method, path, { token })).status]).toEqual([method, path, status]);
  });
});
