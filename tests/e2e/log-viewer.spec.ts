/**
 * The SystemAdmin's view of the running system (docs/product.md#system-settings, docs/product.md#log-viewer):
 * the /SystemSettings home shows the figures and each scheduled job's last run, and the log viewer finds
 * the lines of the admin's own requests; a patient is turned away by the role guard.
 */
import { expect, test } from '@playwright/test';
import { PASSWORD } from '../integration/support/visits';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/booking-ui';
import { nutritionistWithPatient } from '../support/nutritionist-pair';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;

test('a SystemAdmin sees the system’s state and searches the logs', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin@nutri.local', 'Admin1234!');
  await page.goto('/SystemSettings');
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni di sistema' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Stato del sistema' })).toBeVisible();
  const jobs = page.getByRole('region', { name: 'Attività pianificate e ultima esecuzione' });
  await expect(jobs.getByRole('row', { name: /sweep-connections/ })).toBeVisible();
  await expect(page.getByText('Effetti in coda')).toBeVisible();
  await expect(
    page.getByText(/^Nelle ultime 24 ore: questionari \d+, Stripe \d+, WhatsApp \d+$/),
  ).toBeVisible();
  await expect(page.getByText('Richieste privacy non riuscite')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (SCREENSHOTS)
    await page.screenshot({
      path: `${SCREENSHOTS}/system-settings-home-${testInfo.project.name}.png`,
      fullPage: true,
    });

  await page.getByRole('link', { name: /Log applicativi/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log applicativi' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Area' }).click();
  await page.getByRole('option', { name: 'settings', exact: true }).click();
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page.getByRole('status')).toContainText(/mostrat[ae]\./);
  const rows = page.getByRole('region', { name: 'Righe di log trovate' }).getByRole('row');
  // The home's own figures request, a moment ago, is among the settings area's lines.
  await expect(rows.filter({ hasText: 'SystemSettings/Status' }).first()).toContainText('Request handled');
  expect(await seriousViolations(page)).toEqual([]);
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/log-viewer-${testInfo.project.name}.png`, fullPage: true });
});

test('a patient cannot open the system’s state or the logs', async ({ page }) => {
  // A pair of accounts made through the API, then a sign-in: more than the default bound on a loaded machine.
  test.setTimeout(60_000);
  const { patient } = await nutritionistWithPatient('Bruno Registri');
  await signIn(page, patient.email, PASSWORD);
  for (const path of ['/SystemSettings', '/SystemSettings/LogViewer']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/Login\?.*reason=NotInRole/);
  }
});
