/**
 * The SystemAdmin's settings (docs/product.md#e-mail-templates, docs/product.md#audit-trail): the demo
 * admin edits a mail template with the live preview (an unknown variable is refused under the field),
 * saves a version, rolls back to the default, and finds both changes in the audit trail; a patient is
 * turned away by the role guard.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PASSWORD } from '../integration/support/visits';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/booking-ui';
import { nutritionistWithPatient } from '../support/nutritionist-pair';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;
const TEMPLATE = 'Nuova candidatura “Entra nel team”';
const KEY = 'content.join-team-application';

test('a SystemAdmin edits a mail template, rolls it back and finds both in the audit trail', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin@nutri.local', 'Admin1234!');
  await page.goto('/SystemSettings');
  await page.getByRole('link', { name: /Modelli e-mail/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modelli e-mail' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Modello' }).click();
  await page.getByRole('option', { name: new RegExp(`^${TEMPLATE}`) }).click();
  const subject = page.getByRole('textbox', { name: 'Oggetto' });
  await expect(subject).toHaveValue('Nuova candidatura: {{name}} ({{profile}})');
  await expect(
    page.getByText('Oggetto: Nuova candidatura: Sara Galli (Biologa nutrizionista)'),
  ).toBeVisible();

  await subject.fill('Candidatura di {{nome}}');
  await expect(
    page.getByText(/La variabile \{\{nome\}\} nell’oggetto non esiste per questo modello/),
  ).toBeVisible();
  await subject.fill('Candidatura di {{name}} da valutare');
  await expect(page.getByText('Oggetto: Candidatura di Sara Galli da valutare')).toBeVisible();
  // The preview frame is sandboxed (no script runs in it), so axe cannot enter it: the mail is not the page.
  const editor = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('iframe')
    .analyze();
  expect(editor.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  if (SCREENSHOTS)
    await page.screenshot({
      path: `${SCREENSHOTS}/email-templates-${testInfo.project.name}.png`,
      fullPage: true,
    });

  await page.getByRole('button', { name: 'Salva nuova versione' }).click();
  await expect(page.getByText(/^Versione \d+ salvata\.$/)).toBeVisible();
  await expect(subject).toHaveValue('Candidatura di {{name}} da valutare');
  await page.getByRole('button', { name: 'Ripristina il testo predefinito' }).click();
  await expect(page.getByText(/^Ripristinato: ora è in uso la versione \d+\.$/)).toBeVisible();
  await expect(subject).toHaveValue('Nuova candidatura: {{name}} ({{profile}})');

  await page.goto('/SystemSettings');
  await page.getByRole('link', { name: /Registro delle attività/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registro delle attività' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Tipo di oggetto' }).click();
  await page.getByRole('option', { name: 'Modello e-mail' }).click();
  await page.getByRole('textbox', { name: 'Identificativo dell’oggetto' }).fill(KEY);
  await page.getByRole('button', { name: 'Cerca' }).click();
  const rows = page.getByRole('region', { name: 'Attività trovate' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('mailTemplate.restore');
  await expect(rows.nth(2)).toContainText('mailTemplate.save');
  expect(await seriousViolations(page)).toEqual([]);
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/audit-${testInfo.project.name}.png`, fullPage: true });
});

test('a patient cannot open the settings screens', async ({ page }) => {
  const { patient } = await nutritionistWithPatient('Bruno Impostazioni');
  await signIn(page, patient.email, PASSWORD);
  for (const path of ['/SystemSettings/EmailTemplates', '/SystemSettings/Audit']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/Login\?.*reason=NotInRole/);
  }
});
