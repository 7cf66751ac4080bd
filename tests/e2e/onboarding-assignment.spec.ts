/**
 * /Admin/UnassignedPatients on the local stack: a BusinessAdmin finds a patient the matching left without
 * a nutritionist, picks one from the ranked list and the patient gets the 'nutritionist found' e-mail.
 * The patient is prepared as in tests/integration/onboarding-assignment.test.ts: a questionnaire stored
 * as the webhook stores it when nobody could take it, then the real registration.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { mailsTo } from '../integration/support/api';
import { seriousViolations } from '../support/axe';
import { storeQuestionnaire } from '../support/questionnaire';
import { signInAsAdmin } from '../support/sign-in';

/** A registered patient at step 0 with a unique name; its e-mail and name. */
const unmatchedPatient = async (page: Page, testInfo: TestInfo) => {
  const suffix = `${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const email = `da-assegnare-${suffix}@nutri.test`;
  const lastName = `Attesa ${suffix.replace(/\D/g, '').slice(-6)}`;
  const { submissionId, stored } = await storeQuestionnaire(
    { firstName: 'Elena', email, phone: '+393331112266', age: 52 },
    { nutritionistUserId: null, patientUserId: null },
  );
  expect(stored).toBe(true);
  const registered = await page.request.post('/api/v2/Tally/RegisterPatient', {
    data: {
      TallySubmissionId: submissionId,
      FirstName: 'Elena',
      LastName: lastName,
      Email: email,
      Password: 'Melograno-Rosso-26',
      MobilePhoneNo: '+393331112266',
    },
  });
  expect(registered.status()).toBe(200);
  return { email, name: `Elena ${lastName}` };
};

test.describe('patients to assign (/Admin/UnassignedPatients)', () => {
  test('an admin assigns the recommended nutritionist and the patient is told by e-mail', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const patient = await unmatchedPatient(page, testInfo);
    await signInAsAdmin(page);
    await page.goto('/Admin');
    await page.getByRole('link', { name: /Pazienti da assegnare/ }).click();
    await expect(page).toHaveURL(/\/Admin\/UnassignedPatients$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pazienti da assegnare' })).toBeVisible();

    const card = page.getByRole('article', { name: patient.name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Questionario inviato il');
    await expect(card).toContainText('Salute intestinale');
    await expect(card).toContainText('Preferisce una nutrizionista');
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: `Assegna un nutrizionista a ${patient.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Assegna un nutrizionista a ${patient.name}` });
    await expect(dialog).toBeVisible();
    const options = dialog.getByRole('radio');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeGreaterThan(1);
    // The matching's own choice comes first and preselected.
    await expect(options.first()).toBeChecked();
    await expect(dialog.getByText('Consigliato')).toHaveCount(1);
    // 'Dott.sa Chiara Bianchi': the first line of the option.
    const chosenName = ((await options.first().locator('p').first().textContent()) ?? '').trim();
    expect(chosenName).toMatch(/^Dott\.(sa)? \S+/);
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Assegna e avvisa il paziente' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${patient.name} ora ha come nutrizionista ${chosenName}`)).toBeVisible();
    await expect(card).toHaveCount(0);

    await expect
      .poll(async () => (await mailsTo(patient.email)).map((mail) => mail.subject))
      .toContainEqual(expect.stringMatching(/^Abbiamo trovato (il tuo|la tua) nutrizionista$/));
    const [mail] = (await mailsTo(patient.email)).filter((m) => m.subject.startsWith('Abbiamo trovato'));
    expect(mail?.body.text).toContain(`Ciao ${patient.name},`);
    expect(mail?.body.text).toContain(`${chosenName} ti seguirà su Nutrì.`);
  });

  test('is for BusinessAdmins only: a patient is turned away', async ({ page }) => {
    await page.goto('/Login');
    await page.getByLabel('Nome utente o e-mail').fill('paziente@nutri.local');
    await page.getByLabel('Password', { exact: true }).fill('Paziente123!');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/Admin/UnassignedPatients');
    await expect(page).toHaveURL(/\/Login\?.*reason=NotInRole/);
  });
});
