/**
 * The privacy centre (docs/product.md#privacy-centre): a patient asks for their data, takes the link from
 * the local mail viewer, downloads the zip and finds its entries; then deletes the account with the
 * password and is signed out; the SystemAdmin sees both requests done; a nutritionist is turned away.
 */
import { expect, test } from '@playwright/test';
import { api } from '../integration/support/api';
import { PASSWORD } from '../integration/support/visits';
import { expectNoSeriousViolations } from '../support/axe';
import { signIn, signInAsAdmin } from '../support/sign-in';
import { nutritionistWithPatient } from '../support/nutritionist-pair';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;

test('a patient downloads their data from the mailed link, then deletes the account', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const { patient } = await nutritionistWithPatient(`Elena Riservata ${tag}`);
  const accepted = await api('POST', 'Patients/Contracts/AcceptPrivacy', {
    token: patient.token,
    body: { ServicePrivacyAccepted: true, NutritionistPrivacyAccepted: true },
  });
  expect(accepted.status).toBe(204);

  await signIn(page, patient.email, patient.password);
  await page.goto('/Account/Privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy e dati personali' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /Informativa sulla privacy di Nutrì/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  if (SCREENSHOTS)
    await page.screenshot({
      path: `${SCREENSHOTS}/privacy-centre-${testInfo.project.name}.png`,
      fullPage: true,
    });

  await page.getByRole('button', { name: 'Scarica i miei dati' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Richiesta ricevuta' })).toBeVisible();

  await page.goto('/dev/mail');
  const mail = page
    .locator('.email', { hasText: patient.email })
    .filter({ hasText: 'I tuoi dati di Nutrì sono pronti' });
  await expect(mail).toHaveCount(1, { timeout: 60_000 });
  await mail.getByRole('button', { name: 'Toggle HTML view' }).click();
  const href = await mail
    .frameLocator('iframe')
    .getByRole('link', { name: 'Scarica i tuoi dati' })
    .getAttribute('href');
  expect(href).toContain('.zip');
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  const { unzipSync, strFromU8 } = await import('fflate');
  const entries = unzipSync(new Uint8Array(await response.body()));
  expect(Object.keys(entries)).toEqual(
    expect.arrayContaining([
      'LEGGIMI.txt',
      'account.json',
      'consents.json',
      'patient-profile.json',
      'chat.json',
    ]),
  );
  expect(JSON.parse(strFromU8(entries['account.json']!))).toEqual([
    expect.objectContaining({ Email: patient.email }),
  ]);

  await page.goto('/Account/Privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy e dati personali' })).toBeVisible();
  await page.getByLabel('Password').fill('Sbagliata-2026');
  await page.getByRole('button', { name: 'Elimina il mio account' }).click();
  await expect(page.getByText('La password non è corretta.')).toBeVisible();
  await page.getByLabel('Password').fill(patient.password);
  await page.getByRole('button', { name: 'Elimina il mio account' }).click();
  await expect(page).toHaveURL(/\/$/);

  await signInAsAdmin(page);
  await page.goto('/SystemSettings/PrivacyRequests');
  await expect(page.getByRole('heading', { level: 1, name: 'Richieste sulla privacy' })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: patient.id });
  await expect(rows.filter({ hasText: 'Esportazione' })).toContainText('Completata');
  await expect(async () => {
    await page.reload();
    await expect(rows.filter({ hasText: 'Eliminazione' })).toContainText('Completata', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(rows.filter({ hasText: 'Eliminazione' })).toContainText('Account eliminato');
  await expectNoSeriousViolations(page);
  if (SCREENSHOTS)
    await page.screenshot({
      path: `${SCREENSHOTS}/privacy-requests-${testInfo.project.name}.png`,
      fullPage: true,
    });
});

test('a nutritionist is turned away from the privacy centre, a patient from the requests list', async ({
  page,
}) => {
  // A pair of accounts made through the API, then two sign-ins: more than the default bound on a loaded machine.
  test.setTimeout(60_000);
  const { nutritionist, patient } = await nutritionistWithPatient(`Nora Ruoli ${Date.now().toString(36)}`);
  await signIn(page, nutritionist.email, PASSWORD);
  await page.goto('/Account/Privacy');
  await expect(page).toHaveURL(/\/Login\?.*reason=NotInRole/);
  await signIn(page, patient.email, PASSWORD);
  await page.goto('/SystemSettings/PrivacyRequests');
  await expect(page).toHaveURL(/\/Login\?.*reason=NotInRole/);
});
