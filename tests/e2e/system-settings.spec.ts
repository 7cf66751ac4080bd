/**
 * The SystemAdmin's settings (docs/product.md#e-mail-templates, docs/product.md#audit-trail): the demo
 * admin edits a mail template with the live preview (an unknown variable is refused under the field),
 * saves a version, rolls back to the default, looks at the SMS text among the templates, and finds both
 * changes in the audit trail; a patient is turned away by the role guard. Desktop and phone share the
 * stack, so each edits a template of its own.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PASSWORD } from '../integration/support/visits';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/booking-ui';
import { nutritionistWithPatient } from '../support/nutritionist-pair';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;
/** The template each project edits, with its default subject and how the sample values render it. */
const TEMPLATES = {
  desktop: {
    name: 'Nuova candidatura “Entra nel team”',
    key: 'content.join-team-application',
    subject: 'Nuova candidatura: {{name}} ({{profile}})',
    rendered: 'Nuova candidatura: Sara Galli (Biologa nutrizionista)',
    sample: 'Sara Galli',
  },
  phone: {
    name: 'Messaggio dal modulo contatti',
    key: 'content.contact-message',
    subject: 'Nuovo messaggio dal modulo contatti: {{name}}',
    rendered: 'Nuovo messaggio dal modulo contatti: Luca Ferri',
    sample: 'Luca Ferri',
  },
} as const;

test('a SystemAdmin edits a mail template, rolls it back and finds both in the audit trail', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const template = TEMPLATES[testInfo.project.name === 'phone' ? 'phone' : 'desktop'];
  await signIn(page, 'admin@nutri.local', 'Admin1234!');
  await page.goto('/SystemSettings');
  await page.getByRole('link', { name: /Modelli e-mail/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modelli e-mail' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Modello' }).click();
  await page.getByRole('option', { name: new RegExp(`^${template.name}`) }).click();
  const subject = page.getByRole('textbox', { name: 'Oggetto' });
  await expect(subject).toHaveValue(template.subject);
  await expect(page.getByText(`Oggetto: ${template.rendered}`)).toBeVisible();

  await subject.fill('Candidatura di {{nome}}');
  await expect(
    page.getByText(/La variabile \{\{nome\}\} nell’oggetto non esiste per questo modello/),
  ).toBeVisible();
  await subject.fill('Candidatura di {{name}} da valutare');
  await expect(page.getByText(`Oggetto: Candidatura di ${template.sample} da valutare`)).toBeVisible();
  // The preview frame is sandboxed (no script runs in it), so axe cannot enter it: the mail is not the page.
  const editor = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('iframe')
    .analyze();
  expect(editor.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  if (SCREENSHOTS) {
    await page.screenshot({
      path: `${SCREENSHOTS}/email-templates-${testInfo.project.name}.png`,
      fullPage: true,
    });
    // The preview is a sandboxed frame, painted in its own process: a full-page capture leaves it blank
    // when it starts below the first screen (the phone), so it is captured on its own too.
    await page
      .getByTitle('Anteprima dell’e-mail')
      .screenshot({ path: `${SCREENSHOTS}/email-templates-preview-${testInfo.project.name}.png` });
  }

  await page.getByRole('button', { name: 'Salva nuova versione' }).click();
  await expect(page.getByText(/^Versione \d+ salvata\.$/)).toBeVisible();
  await expect(subject).toHaveValue('Candidatura di {{name}} da valutare');
  await page.getByRole('button', { name: 'Ripristina il testo predefinito' }).click();
  await expect(page.getByText(/^Ripristinato: ora è in uso la versione \d+\.$/)).toBeVisible();
  await expect(subject).toHaveValue(template.subject);

  // The SMS texts are in the same list, marked by their channel: a text only, previewed with its length.
  await page.getByRole('combobox', { name: 'Modello' }).click();
  await page.getByRole('option', { name: /^SMS · Codice di verifica del cellulare/ }).click();
  const smsText = page.getByRole('textbox', { name: 'Testo del messaggio SMS' });
  await expect(smsText).toHaveValue(/\{\{code\}\}/);
  await expect(page.getByRole('textbox', { name: 'Oggetto' })).toHaveCount(0);
  await expect(page.getByTestId('text-message-preview')).toHaveText(
    'Nutrì: il tuo codice di verifica è 123456. Scade tra 10 minuti. Non condividerlo con nessuno.',
  );
  await smsText.fill(`Codice {{code}}. ${'Testo troppo lungo. '.repeat(8)}`);
  await expect(page.getByText(/un SMS ne può avere al massimo 160/)).toBeVisible();
  if (SCREENSHOTS)
    await page.screenshot({
      path: `${SCREENSHOTS}/email-templates-sms-${testInfo.project.name}.png`,
      fullPage: true,
    });

  await page.goto('/SystemSettings');
  await page.getByRole('link', { name: /Registro delle attività/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registro delle attività' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Tipo di oggetto' }).click();
  await page.getByRole('option', { name: 'Modello e-mail' }).click();
  await page.getByRole('textbox', { name: 'Identificativo dell’oggetto' }).fill(template.key);
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
