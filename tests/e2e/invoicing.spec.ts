/**
 * The invoicing journey (docs/product.md#invoicing): a visit is paid; the nutritionist confirms the health
 * invoice's draft on /AreaNutritionists/Invoices (warned on their home while fiscal data are missing); the
 * patient downloads both invoices from /Patients/Invoices; the admin sees them on /Admin/Invoicing, exports
 * the period as CSV and zip and sees who is missing fiscal data; a patient is refused the admin screens.
 * Then the other way to issue: the admin reminds a nutritionist of a visit to invoice, the nutritionist
 * sees the reminder (mail and page) and uploads the PDF of their own invoice, the admin finds it by filters,
 * and a nutritionist is refused the admin screens.
 */
import { expect, test } from '@playwright/test';
import { BookingStatus, BookingType } from '@nutri/shared';
import { seriousViolations } from '../support/axe';
import { signIn, signInAsAdmin } from '../support/sign-in';
import {
  addNutritionistFiscalData,
  addPatientBillingProfile,
  payByWebhook,
} from '../integration/support/invoices';
import { mailsTo } from '../integration/support/api';
import { waitForEffects } from '../integration/support/outbox';
import {
  PASSWORD,
  addAvailability,
  bookVisitFor,
  createNutritionist,
  createPatientOf,
  romeDateIn,
} from '../integration/support/visits';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;

test('the nutritionist confirms the draft, the patient downloads both invoices, the admin exports the period', async ({
  page,
}, testInfo) => {
  // Three users and six pages on one journey, with axe on a loaded machine.
  test.setTimeout(180_000);
  const nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, 'Chiara Fontana');
  await addPatientBillingProfile(patient.token, 'Chiara Fontana');
  const date = romeDateIn(10);
  await addAvailability(nutritionist, date, '09:00', '12:00');
  const booking = await bookVisitFor(nutritionist, patient.id, BookingType.NORMAL, `${date}T10:00`);
  expect(booking.BookingStatusId).toBe(BookingStatus.WAITINGFORPAYMENT);
  await payByWebhook(booking.BookingId);
  await waitForEffects(patient.id);

  // Without fiscal data the nutritionist's home says what is missing; once entered, the draft is confirmed
  // with one click.
  await signIn(page, nutritionist.email, PASSWORD);
  const warning = page
    .getByRole('status')
    .filter({ hasText: 'Completa i dati fiscali prima delle visite pagate' });
  await expect(warning).toBeVisible();
  await expect(warning.getByText('Regime fiscale e iscrizione all’albo')).toBeVisible();
  await addNutritionistFiscalData(nutritionist.token);
  await warning.getByRole('link', { name: 'Completa i dati fiscali' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fatture' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Da emettere (1)' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (SCREENSHOTS)
    await page.screenshot({
      path: `${SCREENSHOTS}/nutritionist-invoices-${testInfo.project.name}.png`,
      fullPage: true,
    });
  await page.getByRole('button', { name: 'Conferma ed emetti' }).click();
  await expect(page.getByRole('heading', { name: 'Da emettere (0)' })).toBeVisible();

  // The patient downloads both invoices.
  await waitForEffects(patient.id);
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, patient.email, patient.password, { url: /\/Patients$|\/$/ });
  await page.goto('/Patients/Invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Le tue fatture' })).toBeVisible();
  const downloads = page.getByRole('button', { name: /^Scarica Fattura [NS]-\d{4}-\d{6} in PDF$/ });
  await expect(downloads).toHaveCount(2);
  for (const button of await downloads.all()) {
    const download = page.waitForEvent('download');
    await button.click();
    expect((await download).suggestedFilename()).toMatch(/^Fattura [NS]-\d{4}-\d{6}\.pdf$/);
  }
  expect(await seriousViolations(page)).toEqual([]);

  // A patient is refused the admin screens.
  await page.goto('/Admin/Invoicing');
  await expect(page).toHaveURL(/\/Login\?/);
  expect(new URL(page.url()).searchParams.get('reason')).toBe('NotInRole');

  // The admin sees the documents of the period and exports them.
  await signInAsAdmin(page);
  await page.goto('/Admin/Invoicing');
  await expect(page.getByRole('heading', { level: 1, name: 'Fatturazione' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Fatture' })).toBeVisible();
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta CSV' }).click();
  expect((await csv).suggestedFilename()).toMatch(/^fatture-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const zip = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Archivio ZIP (CSV e PDF)' }).click();
  expect((await zip).suggestedFilename()).toMatch(/^fatture-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(await seriousViolations(page)).toEqual([]);
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/admin-invoicing-${testInfo.project.name}.png` });
  await page.getByRole('link', { name: 'Visite pagate da fatturare' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Visite da fatturare' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Nutrizionisti senza dati fiscali completi' }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/admin-bookings-to-invoice-${testInfo.project.name}.png` });
});

test('the admin reminds, the nutritionist uploads their own invoice, the admin finds it by filters', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const nutritionist = await createNutritionist();
  await addNutritionistFiscalData(nutritionist.token);
  // Desktop and phone (and a retry) share the stack: the patient's surname is this run's own.
  const surname = `Rinaldi${nutritionist.id.slice(0, 6).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
  const customer = `Ottavia ${surname}`;
  const patient = await createPatientOf(nutritionist.id, customer);
  await addPatientBillingProfile(patient.token, customer);
  const date = romeDateIn(11);
  await addAvailability(nutritionist, date, '09:00', '12:00');
  const booking = await bookVisitFor(nutritionist, patient.id, BookingType.NORMAL, `${date}T11:00`);
  await payByWebhook(booking.BookingId);
  await waitForEffects(patient.id);

  // The admin reminds the nutritionist of the visit still to invoice.
  await signInAsAdmin(page);
  await page.goto('/Admin/Invoicing/BookingsToInvoice');
  await expect(page.getByRole('heading', { level: 1, name: 'Visite da fatturare' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: customer });
  await row.getByRole('button', { name: /^Invia un promemoria a / }).click();
  await expect(page.getByText('Promemoria inviato al nutrizionista')).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(nutritionist.email)).map((mail) => mail.subject), { timeout: 30_000 })
    .toContainEqual(expect.stringMatching(/^Fattura da emettere entro il \d{2}\/\d{2}\/\d{4}$/));

  // The nutritionist sees the reminder on the visit to invoice and uploads the PDF of their own invoice.
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, nutritionist.email, PASSWORD);
  await page.goto('/AreaNutritionists/Invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Fatture' })).toBeVisible();
  const draft = page.getByRole('listitem').filter({ hasText: customer });
  await expect(draft.getByText(/^Promemoria ricevuto il \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  if (SCREENSHOTS)
    await draft.screenshot({
      path: `${SCREENSHOTS}/nutritionist-invoice-reminded-${testInfo.project.name}.png`,
    });
  const chooser = page.waitForEvent('filechooser');
  await draft.getByRole('button', { name: 'La tua fattura (PDF)' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'fattura-12.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await draft.getByLabel('Numero della tua fattura').fill('FT-2026/77');
  await draft.getByRole('button', { name: 'Carica' }).click();
  await expect(page.getByText('Fattura caricata')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Da emettere (0)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scarica Fattura FT-2026/77 in PDF' })).toBeVisible();

  // A nutritionist is refused the admin screens.
  await page.goto('/Admin/Invoicing/BookingsToInvoice');
  await expect(page).toHaveURL(/\/Login\?/);
  expect(new URL(page.url()).searchParams.get('reason')).toBe('NotInRole');

  // The admin narrows the list to this nutritionist's uploaded invoices: only that one is left.
  await signInAsAdmin(page);
  await page.goto('/Admin/Invoicing');
  await expect(page.getByRole('heading', { level: 1, name: 'Fatturazione' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Nutrizionista' }).fill(nutritionist.displayName);
  await page.getByRole('option', { name: nutritionist.displayName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`issuer=${nutritionist.id}`));
  await page.getByRole('combobox', { name: 'Stato' }).click();
  await page.getByRole('option', { name: 'Caricate dal nutrizionista' }).click();
  const table = page.getByRole('table', { name: 'Fatture' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Fattura FT-2026/77');
  await expect(table.getByRole('row').nth(1)).toContainText(customer);
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Note di credito' }).click();
  await expect(page.getByText('Nessuna fattura con questi filtri.')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('type')).toBe('credit-note');
});
