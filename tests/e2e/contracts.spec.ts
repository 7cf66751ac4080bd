/**
 * Versioned contracts (docs/product.md#contracts): the demo SystemAdmin drafts version 2 of the service's
 * privacy notice on /SystemSettings/Contracts, publishes it from today and still reads version 1; a patient
 * who had accepted version 1 is shown the acceptance dialog at the next sign-in and, having put it off, again
 * when paying, then pays. Other roles are turned away.
 *
 * A published version asks every patient of every other journey to accept it again: the journey is tagged
 * `@global`, which runs in its own project after the others (playwright.config.ts), and removes the stored
 * versions when it ends.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { BookingStatus, BookingType, romeDate } from '@nutri/shared';
import { api } from '../integration/support/api';
import { removeStoredContractVersions } from '../integration/support/contracts';
import { PASSWORD, addAvailability, bookVisitFor, romeDateIn } from '../integration/support/visits';
import { seriousViolations } from '../support/axe';
import { invoicingNutritionistWithPatient, nutritionistWithPatient } from '../support/nutritionist-pair';
import { acceptPrivacyContracts } from '../support/payment-ui';
import { signIn, signInAsAdmin } from '../support/sign-in';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;
const NEW_TITLE = 'Informativa sulla privacy di Nutrì (aggiornata)';

test.afterAll(removeStoredContractVersions);

test('a SystemAdmin publishes a new privacy notice and the patient accepts it again before paying @global', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await removeStoredContractVersions();
  // A patient who accepted version 1, with billing data and a visit awaiting payment.
  const { nutritionist, patient } = await invoicingNutritionistWithPatient('Nadia Versioni');
  const billing = await api('POST', 'User/BillingProfilesSelf', {
    token: patient.token,
    body: {
      RagioneSociale: 'Nadia Versioni',
      CodiceFiscale: 'RSSMRA85T10A562S',
      Address: 'Via dei Mille 12',
      PostalCode: '00185',
      ComuneId: 'H501',
    },
  });
  expect(billing.status).toBe(201);
  const accepted = await api('POST', 'Patients/Contracts/AcceptPrivacy', {
    token: patient.token,
    body: { ServicePrivacyAccepted: true, NutritionistPrivacyAccepted: true },
  });
  expect(accepted.status).toBe(204);
  const date = romeDateIn(9);
  await addAvailability(nutritionist, date, '15:00', '18:00');
  const booking = await bookVisitFor(nutritionist, patient.id, BookingType.NORMAL, `${date}T16:00`);
  expect(booking.BookingStatusId).toBe(BookingStatus.WAITINGFORPAYMENT);

  // The SystemAdmin drafts version 2 from the text in force.
  await signInAsAdmin(page);
  await page.goto('/SystemSettings');
  await page.getByRole('link', { name: /Contratti/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contratti' })).toBeVisible();
  const versions = page.getByRole('region', { name: 'Versioni: Informativa privacy del servizio' });
  await expect(versions.getByRole('row')).toHaveCount(2);
  await expect(versions.getByRole('row').nth(1)).toContainText('In vigore');
  await expect(page.getByRole('heading', { name: 'Nuova versione' })).toBeVisible();
  const title = page.getByRole('textbox', { name: 'Titolo' });
  await expect(title).toHaveValue('Informativa sulla privacy di Nutrì');
  await title.fill(NEW_TITLE);
  const text = page.getByRole('textbox', { name: 'Testo (HTML)' });
  await text.fill(
    '<h2>Che cosa cambia</h2><p>Conserviamo le ricevute dei pagamenti per <strong>10 anni</strong>, come chiede la legge.</p>',
  );
  await page.getByRole('button', { name: 'Salva bozza' }).click();
  await expect(page.getByText('Bozza della versione 2 salvata.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bozza della versione 2' })).toBeVisible();
  await expect(versions.getByRole('row').nth(1)).toContainText('Bozza');
  // The preview frame is sandboxed (no script runs in it), so axe cannot enter it: the draft is not the page.
  const editor = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('iframe')
    .analyze();
  expect(editor.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  const preview = page.frameLocator('iframe[title="Anteprima del contratto"]');
  await expect(preview.getByRole('heading', { name: 'Che cosa cambia' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/contracts-desktop.png`, fullPage: true });

  // Published from today: version 2 in force, version 1 superseded but still readable.
  await expect(page.getByRole('textbox', { name: 'In vigore dal' })).toHaveValue(romeDate(new Date()));
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click();
  await expect(page.getByText(/^Versione 2 pubblicata, in vigore dal \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
  await expect(versions.getByRole('row').nth(1)).toContainText('In vigore');
  await expect(versions.getByRole('row').nth(2)).toContainText('Superata');
  await page.getByRole('button', { name: 'Leggi la versione 1' }).click();
  const reader = page.getByRole('dialog', { name: 'Versione 1' });
  await expect(reader.getByRole('heading', { name: 'Informativa sulla privacy di Nutrì' })).toBeVisible();
  await expect(reader.getByRole('heading', { name: 'Chi tratta i tuoi dati' })).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await reader.getByRole('button', { name: 'Chiudi' }).click();
  // The same screen in a phone-sized browser of its own.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const phonePage = await phone.newPage();
  await signInAsAdmin(phonePage);
  await phonePage.goto('/SystemSettings/Contracts');
  await expect(phonePage.getByRole('heading', { level: 1, name: 'Contratti' })).toBeVisible();
  await expect(phonePage.getByRole('heading', { name: 'Nuova versione' })).toBeVisible();
  // Chromium paints a sandboxed (cross-origin) frame only once it has been on screen.
  await phonePage.locator('iframe[title="Anteprima del contratto"]').scrollIntoViewIfNeeded();
  await expect(
    phonePage
      .frameLocator('iframe[title="Anteprima del contratto"]')
      .getByRole('heading', { name: 'Che cosa cambia' }),
  ).toBeVisible();
  if (SCREENSHOTS) await phonePage.screenshot({ path: `${SCREENSHOTS}/contracts-phone.png`, fullPage: true });
  await phone.close();

  // The patient's next sign-in opens the dialog by itself; put off, it comes back at the payment.
  const context = await browser.newContext();
  const patientPage = await context.newPage();
  await signIn(patientPage, patient.email, PASSWORD, { url: /\/Patients$|\/$/ });
  const dialog = patientPage.getByRole('dialog', { name: 'Informative privacy' });
  await expect(dialog.getByText(/Abbiamo aggiornato le informative privacy/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(
    patientPage.getByRole('heading', { name: 'Abbiamo aggiornato le informative privacy' }),
  ).toBeVisible();
  await patientPage.goto(`/Patients/Agenda/${booking.BookingId}`);
  await patientPage.getByRole('button', { name: /^Paga 55/ }).click();
  await expect(dialog.getByText(/Abbiamo aggiornato le informative privacy/)).toBeVisible();
  await acceptPrivacyContracts(patientPage);
  await expect(patientPage).toHaveURL(/\/Patients\/Checkout\?session_id=cs_local_/);
  await context.close();
});

test('other roles cannot open the contracts screen', async ({ page }) => {
  // Two sign-ins and a refusal on a machine the other journeys keep busy.
  test.setTimeout(60_000);
  const { patient } = await nutritionistWithPatient('Bruno Contratti');
  await signIn(page, patient.email, PASSWORD, { url: /\/Patients$|\/$/ });
  await page.goto('/SystemSettings/Contracts');
  await expect(page).toHaveURL(/\/Login\?.*reason=NotInRole/);
});
