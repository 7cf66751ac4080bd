/**
 * The billing dialog from the profile page: a new patient adds their billing data, the form
 * refuses a wrong codice fiscale in the browser (check character) and shows the server's refusal of one
 * only the full check sees (birth place), the comune picker finds "Forlì" from "forli", the data is saved
 * and shown, and the edit dialog opens with it. axe checks the dialog.
 */
import { expect, test } from '@playwright/test';
import { billingTexts } from '@nutri/shared';
import { createTestUser } from '../integration/support/api';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;

test('a patient adds and edits their billing data in the billing dialog', async ({ page }, testInfo) => {
  // Two saves and a reload of the profile page: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  const patient = await createTestUser(['Patient']);
  await signIn(page, patient.email, patient.password);
  await page.goto('/Account/Profile');

  const section = page.getByRole('region', { name: 'Dati per la fattura' });
  await expect(section.getByText('Non hai ancora inserito i dati per la fattura')).toBeVisible();
  await section.getByRole('button', { name: 'Aggiungi i dati' }).click();

  const dialog = page.getByRole('dialog', { name: billingTexts.dialogTitleAdd });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Nome e cognome o ragione sociale').fill('Mario Rossi');
  // Lower case, as people type it: the field shows it as it will be saved.
  await dialog.getByLabel('Codice fiscale').fill('rssmra85t10a562t');
  await expect(dialog.getByLabel('Codice fiscale')).toHaveValue('RSSMRA85T10A562T');
  await dialog.getByLabel('Indirizzo').fill('Corso della Repubblica 10');
  await dialog.getByLabel('CAP').fill('47121');

  // The comune picker: 2 letters at least, then the server's matches, accents ignored.
  const comune = dialog.getByRole('combobox', { name: 'Comune' });
  await comune.fill('f');
  await expect(page.getByText('Scrivi almeno 2 lettere del nome del comune.')).toBeVisible();
  await comune.fill('forli');
  const forli = page.getByRole('option', { name: 'Forlì (FC)' });
  await expect(forli).toBeVisible();
  await expect(page.getByRole('option', { name: 'Forlì del Sannio (IS)' })).toBeVisible();
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/billing-picker-${testInfo.project.name}.png` });
  await forli.click();
  await expect(comune).toHaveValue('Forlì (FC)');

  // A wrong check character is refused in the browser, with the Italian message under the field.
  await dialog.getByRole('button', { name: 'Salva i dati' }).click();
  await expect(dialog.getByText(billingTexts.codiceFiscaleCheck)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/billing-dialog-${testInfo.project.name}.png` });

  // A birth place that did not exist on the birth date: only the server's full check sees it.
  await dialog.getByLabel('Codice fiscale').fill('GSTPPP99C06D620V');
  await dialog.getByRole('button', { name: 'Salva i dati' }).click();
  await expect(dialog.getByText(billingTexts.codiceFiscaleBirthPlace)).toBeVisible();
  // …and in the 'Errore!' toast of docs/product.md#errors (one error: its message).
  await expect(
    page.getByRole('alert').filter({ hasText: billingTexts.codiceFiscaleBirthPlace }),
  ).toBeVisible();

  await dialog.getByLabel('Codice fiscale').fill('RSSMRA85T10A562S');
  await dialog.getByLabel('Partita IVA').fill('12345678901');
  await dialog.getByRole('button', { name: 'Salva i dati' }).click();
  await expect(dialog.getByText(billingTexts.partitaIvaCheck)).toBeVisible();
  await dialog.getByLabel('Partita IVA').fill('');
  await dialog.getByRole('button', { name: 'Salva i dati' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText(billingTexts.saved)).toBeVisible();
  await expect(section.getByText('Mario Rossi')).toBeVisible();
  await expect(section.getByText('47121 Forlì (FC)')).toBeVisible();

  // Editing opens the same form with the saved data, comune included.
  await section.getByRole('button', { name: 'Modifica i dati' }).click();
  const edit = page.getByRole('dialog', { name: billingTexts.dialogTitleEdit });
  await expect(edit.getByLabel('Codice fiscale')).toHaveValue('RSSMRA85T10A562S');
  await expect(edit.getByRole('combobox', { name: 'Comune' })).toHaveValue('Forlì (FC)');
  await edit.getByLabel('Indirizzo').fill('Piazza Saffi 1');
  await edit.getByRole('button', { name: 'Salva i dati' }).click();
  await expect(edit).toBeHidden();
  await expect(section.getByText('Piazza Saffi 1')).toBeVisible();
  if (SCREENSHOTS)
    await section.screenshot({ path: `${SCREENSHOTS}/billing-section-${testInfo.project.name}.png` });
});
