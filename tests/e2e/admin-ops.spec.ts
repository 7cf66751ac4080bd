/**
 * The back office's operations screens on the local stack (docs/product.md#back-office): the admin home's
 * figures lead to their screens; the questionnaire log shows a failed delivery, its body (audited) and
 * replays it (audited); the WhatsApp log follows a notice to "Letto" through the provider's webhook and
 * filters; a patient's timeline filters by kind and opens the answers (audited). As the demo admin and as
 * a user who holds only BusinessAdmin; a patient and a nutritionist are turned away from every screen.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { api, createTestUser } from '../integration/support/api';
import { PASSWORD, createNutritionist, createPatientOf } from '../integration/support/visits';
import { seriousViolations } from '../support/axe';
import { failedTallyDelivery, linkQuestionnaire, storeQuestionnaire } from '../support/questionnaire';
import { signIn, signInAsAdmin } from '../support/sign-in';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;
const audit = () => import('../../functions/src/platform/audit');

const shoot = async (page: Page, name: string, projectName: string) => {
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${projectName}.png`, fullPage: true });
};

/** A patient with a questionnaire, a WhatsApp notice from their nutritionist and a mail. */
const patientWithHistory = async () => {
  const nutritionist = await createNutritionist();
  const suffix = randomUUID().slice(0, 6);
  const patient = await createPatientOf(nutritionist.id, `Serena Storia${suffix}`, {
    phone: `+39335${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  });
  const { submissionId } = await storeQuestionnaire(
    { firstName: 'Serena', email: patient.email, phone: '+393331110000', age: 33 },
    { nutritionistUserId: nutritionist.id, patientUserId: patient.id },
  );
  await linkQuestionnaire(patient.id, submissionId);
  const notice = await api(
    'POST',
    `CurrentNutritionist/Patients/${patient.id}/SendUrgentChatMessageNotification`,
    { token: nutritionist.token },
  );
  expect(notice.status).toBe(200);
  await api('POST', 'UserAccount/TryResetPassword', { body: { Email: patient.email } });
  return { nutritionist, patient };
};

test.describe('back office operations', () => {
  test('the demo admin goes from a figure to a failed questionnaire, reads it and replays it', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const delivery = await failedTallyDelivery('Giada');
    await signInAsAdmin(page);
    await page.goto('/Admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Amministrazione' })).toBeVisible();
    const failedFigure = page.getByRole('link', { name: /Webhook non riusciti/ });
    await expect(failedFigure).toBeVisible();
    await expect(failedFigure).not.toContainText(/^0/);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'admin-home', testInfo.project.name);

    await failedFigure.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Questionari ricevuti' })).toBeVisible();
    await expect(page).toHaveURL(/filter=open-failures/);
    const row = page.getByRole('row').filter({ hasText: delivery.submissionId });
    await expect(row).toContainText('Errore di elaborazione');
    await expect(row).toContainText('Valida');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'admin-tally-webhooks', testInfo.project.name);

    const { listSubjectAudit } = await audit();
    await row
      .getByRole('button', { name: `Mostra il contenuto della consegna ${delivery.submissionId}` })
      .click();
    const payload = page.getByRole('dialog', { name: 'Contenuto della consegna' });
    await expect(payload.getByLabel('Contenuto JSON della consegna')).toContainText(delivery.submissionId);
    await expect
      .poll(async () =>
        (await listSubjectAudit('tally-delivery', delivery.logId)).map((entry) => entry.Action),
      )
      .toContain('tally.payload.read');
    await payload.getByRole('button', { name: 'Chiudi' }).click();

    await row.getByRole('button', { name: `Rielabora la consegna ${delivery.submissionId}` }).click();
    await page
      .getByRole('dialog', { name: 'Rielaborare la consegna?' })
      .getByRole('button', { name: 'Rielabora' })
      .click();
    await expect(page.getByText('Consegna rielaborata: registrato.')).toBeVisible();
    // Replayed: out of the failures to handle.
    await expect(page.getByRole('row').filter({ hasText: delivery.submissionId })).toHaveCount(0);
    expect((await listSubjectAudit('tally-delivery', delivery.logId)).map((entry) => entry.Action)).toContain(
      'tally.delivery.replay',
    );
    // The filter changes the list: every delivery shows it, replayed.
    await page.getByRole('combobox', { name: 'Mostra' }).click();
    await page.getByRole('option', { name: 'Tutte le consegne' }).click();
    await expect(page).not.toHaveURL(/filter=/);
    await expect(page.getByRole('row').filter({ hasText: delivery.submissionId })).toContainText(
      'Rielaborata il',
    );
  });

  test('a BusinessAdmin-only user follows a WhatsApp notice and the patient timeline', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { nutritionist, patient } = await patientWithHistory();
    const admin = await createTestUser(['BusinessAdmin']);
    await signIn(page, admin.email, admin.password);

    await page.goto('/Admin/Whatsapp');
    await expect(page.getByRole('heading', { level: 1, name: 'Avvisi WhatsApp' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: patient.name });
    // The stand-in reports sent, delivered, read through the signed webhook: reload until it shows.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Avvisi WhatsApp' })).toBeVisible();
      await expect(row).toContainText('Letto', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(row).toContainText(nutritionist.displayName);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'admin-whatsapp', testInfo.project.name);

    // Each filter changes the result.
    await page.getByRole('combobox', { name: 'Stato' }).click();
    await page.getByRole('option', { name: 'Non riuscito' }).click();
    await expect(page).toHaveURL(/status=failed/);
    await expect(page.getByRole('row').filter({ hasText: patient.name })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Stato' }).click();
    await page.getByRole('option', { name: 'Letto' }).click();
    await expect(page.getByRole('row').filter({ hasText: patient.name })).toHaveCount(1);
    await page.getByRole('button', { name: 'Solo questo paziente' }).first().click();
    await expect(page).toHaveURL(/patientUserId=/);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Dal').fill(tomorrow);
    await expect(page.getByText('Nessun avviso con questi filtri.')).toBeVisible();
    await page.getByLabel('Dal').fill('');

    await page.goto(`/Admin/Patients/${patient.id}/Events`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Cronologia di ${patient.displayName}` }),
      // The header is read with every source of the timeline: slower than a page of one table.
    ).toBeVisible({ timeout: 30_000 });
    const timeline = page.getByLabel('Cronologia');
    await expect(timeline).toContainText('Questionario ricevuto');
    await expect(timeline).toContainText('Avviso urgente su WhatsApp');
    await expect(timeline).toContainText('Registrazione');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'admin-patient-events', testInfo.project.name);

    const kinds = page.getByRole('radiogroup', { name: 'Tipo di evento' });
    await kinds.getByText('WhatsApp', { exact: true }).click();
    await expect(page).toHaveURL(/kind=whatsapp/);
    await expect(timeline).not.toContainText('Questionario ricevuto');
    await expect(timeline).toContainText('Avviso urgente su WhatsApp');

    await kinds.getByText('Questionario', { exact: true }).click();
    const { listSubjectAudit } = await audit();
    await page.getByRole('button', { name: 'Vedi le risposte' }).click();
    const answers = page.getByRole('dialog', { name: 'Risposte al questionario' });
    await expect(answers).toContainText('Serena');
    await expect
      .poll(async () =>
        (await listSubjectAudit('patient', patient.id)).map((entry) => [entry.Action, entry.ActorUserId]),
      )
      .toContainEqual(['tally.answers.read', admin.id]);
    await answers.getByRole('button', { name: 'Chiudi' }).click();

    await page.goto('/Admin/BouncedMails');
    await expect(page.getByRole('heading', { level: 1, name: 'E-mail respinte' })).toBeVisible();
    await shoot(page, 'admin-bounced-mails', testInfo.project.name);
  });

  for (const who of ['Patient', 'Nutritionist'] as const) {
    test(`a ${who} is turned away from every operations screen`, async ({ page }) => {
      test.setTimeout(90_000);
      const nutritionist = await createNutritionist();
      const patient = await createPatientOf(nutritionist.id, `Nora Nonammessa${randomUUID().slice(0, 4)}`);
      const person = who === 'Patient' ? patient : nutritionist;
      await signIn(page, person.email, PASSWORD, null);
      await expect(page).not.toHaveURL(/\/Login/);
      for (const path of [
        '/Admin',
        `/Admin/Patients/${patient.id}/Events`,
        '/Admin/TallyWebhooks',
        '/Admin/Whatsapp',
        '/Admin/BouncedMails',
      ]) {
        await page.goto(path);
        await expect(page, path).toHaveURL(/\/Login\?.*reason=NotInRole/);
      }
    });
  }
});
