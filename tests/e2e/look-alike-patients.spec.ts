/**
 * Two patients of one nutritionist with the same name: every place the nutritionist picks a patient (the
 * patients page, the new-booking dialog's picker, the chat list) shows each one's e-mail under the name,
 * so the right one is booked; the patient is found by surname too. axe finds no serious violation.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/booking-ui';
import { PASSWORD, createNutritionist, createPatientOf } from '../integration/support/visits';

const screenshot = async (page: Page, name: string, project: string) =>
  page.screenshot({ path: `test-results/look-alike-${name}-${project}.png`, fullPage: true });

test('same-named patients are told apart by their e-mail wherever they are picked', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const nutritionist = await createNutritionist();
  // A surname of this test only, so the lists hold just these two.
  const surname = `Marchetti${randomUUID().slice(0, 4)}`;
  const name = `Giulia ${surname}`;
  const first = await createPatientOf(nutritionist.id, name);
  const second = await createPatientOf(nutritionist.id, name);
  await signIn(page, nutritionist.email, PASSWORD);

  // The patients page, searched by surname.
  await page.goto('/AreaNutritionists/Patients');
  await expect(page.getByRole('heading', { level: 1, name: 'I tuoi pazienti' })).toBeVisible();
  await page.getByRole('searchbox', { name: /^Cerca per nome/ }).fill(surname.toLowerCase());
  const list = page.getByRole('list', { name: 'Pazienti' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText(first.email, { exact: true })).toBeVisible();
  await expect(list.getByText(second.email, { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'patients', testInfo.project.name);

  // The new-booking dialog from the second one's row: the picker shows who it is.
  await page.getByRole('button', { name: `Prenota un appuntamento per ${name} (${second.email})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo appuntamento' });
  await expect(dialog.getByText(second.email, { exact: true })).toBeVisible();
  // Searching again: both options, each with its own e-mail.
  await dialog.getByRole('combobox', { name: 'Paziente' }).fill(surname);
  const options = page.getByRole('option', { name: new RegExp(name) });
  await expect(options).toHaveCount(2);
  await expect(page.getByRole('option', { name: `${name} ${first.email}` })).toBeVisible();
  await expect(page.getByRole('option', { name: `${name} ${second.email}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'picker', testInfo.project.name);
  await page.getByRole('option', { name: `${name} ${first.email}` }).click();
  await expect(dialog.getByText(first.email, { exact: true })).toBeVisible();
  await expect(dialog.getByText(second.email, { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Chiudi' }).click();
  await expect(dialog).toBeHidden();

  // The chat list.
  await page.goto('/Chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  const conversations = page.getByRole('navigation', { name: 'Conversazioni' });
  await conversations.getByRole('textbox', { name: 'Cerca un paziente' }).fill(surname);
  await expect(conversations.getByRole('button', { name: new RegExp(name) })).toHaveCount(2);
  await expect(conversations.getByText(first.email, { exact: true })).toBeVisible();
  await expect(conversations.getByText(second.email, { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'chat', testInfo.project.name);
});
