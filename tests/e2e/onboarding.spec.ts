/**
 * The patient's onboarding on the local stack: the built-in questionnaire, /Grazie and the
 * registration with e-mail, the confirmation link opened from the local mail viewer, the password, and
 * the patient home at step 1 with the matched nutritionist; then the same e-mail registering again.
 * axe checks the questionnaire, /Grazie and the patient home.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ONBOARDING_STEPS, honorific } from '@nutri/shared';
import { seriousViolations } from '../support/axe';

const uniqueEmail = (testInfo: TestInfo) =>
  `onboarding-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@nutri.test`;

const next = (page: Page) => page.getByRole('button', { name: 'Avanti' }).click();

/** Answers the built-in questionnaire, one question per step, and sends it. */
const answerQuestionnaire = async (
  page: Page,
  answers: { email: string; firstName: string; medicalDiet?: 'Sì' | 'No'; checkAccessibility?: boolean },
) => {
  // The lower-case address is the same page.
  await page.goto('/trova-il-tuo-nutrizionista');
  await expect(page.getByRole('heading', { level: 1, name: 'Trova il tuo nutrizionista' })).toBeVisible();
  await expect(page.getByText('Domanda 1 di 10')).toBeVisible();
  if (answers.checkAccessibility) expect(await seriousViolations(page)).toEqual([]);

  // A required answer left out is refused in Italian, and the step does not change.
  await next(page);
  await expect(page.getByText('Campo obbligatorio')).toBeVisible();
  await expect(page.getByText('Domanda 1 di 10')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Alimentazione per lo sport' }).check();
  await next(page);

  await expect(page.getByText('Domanda 2 di 10')).toBeVisible();
  await page.getByRole('radio', { name: answers.medicalDiet ?? 'No', exact: true }).check();
  await next(page);
  // Back keeps the answer given.
  await page.getByRole('button', { name: 'Indietro' }).click();
  await expect(page.getByRole('radio', { name: answers.medicalDiet ?? 'No', exact: true })).toBeChecked();
  await next(page);

  await page.getByRole('radio', { name: 'Indifferente' }).check();
  await next(page);
  await page.getByRole('radio', { name: 'Mangio un po’ di tutto' }).check();
  await next(page);
  await page.getByRole('radio', { name: 'Donna' }).check();
  await next(page);
  await page.getByLabel('Quanti anni hai?').fill('34');
  await next(page);
  await page.getByLabel('Vuoi raccontarci qualcosa in più? (facoltativo)').fill('Corro la mezza maratona.');
  await next(page);
  await page.getByLabel('Come ti chiami?').fill(answers.firstName);
  await next(page);
  await page.getByLabel('La tua e-mail').fill(answers.email);
  await next(page);
  await expect(page.getByText('Domanda 10 di 10')).toBeVisible();
  await page.getByRole('textbox', { name: 'Numero di cellulare' }).fill('3331112233');
  await page.getByRole('button', { name: 'Invia le risposte' }).click();
};

/** /Grazie: reveals the registration form and sends it. */
const register = async (page: Page, email: string) => {
  await expect(page).toHaveURL(/\/Grazie\?submission_id=[\w-]+$/);
  await page.getByRole('button', { name: 'Registrati con la tua e-mail' }).click();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Laura');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expect(page.getByLabel('Prefisso')).toHaveValue('+39');
  await page.getByLabel('Cognome').fill('Neri');
  await page.getByRole('textbox', { name: 'Numero di cellulare' }).fill('3331112233');
  await page.getByLabel('Password', { exact: true }).fill('Melograno-Rosso-26');
  await page.getByRole('button', { name: 'Mostra la password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Crea il tuo account' }).click();
};

test.describe('patient onboarding', () => {
  // Where the stack offers Google sign-in, Google's real script must not load into these journeys
  // (onboarding-google.spec.ts covers that button with a stand-in): without it the button stays hidden.
  test.beforeEach(async ({ page }) => {
    await page.route('https://accounts.google.com/**', (route) => route.abort());
  });

  test('questionnaire, registration, e-mail confirmation and the patient home at step 1', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(testInfo);

    await answerQuestionnaire(page, { email, firstName: 'Laura', checkAccessibility: true });

    await expect(page).toHaveURL(/\/Grazie\?submission_id=/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Grazie! Abbiamo ricevuto le tue risposte' }),
    ).toBeVisible();
    await expect(page.getByText('Primo incontro conoscitivo gratuito')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await register(page, email);

    // Signed in: the patient home, already at step 1 with the matched nutritionist.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ciao, Laura Neri!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: ONBOARDING_STEPS[1].headline })).toBeVisible();

    // The confirmation mail, opened in the local mail viewer.
    await page.goto('/dev/mail');
    const mail = page.locator('.email', { hasText: email }).filter({ hasText: 'Conferma la tua e-mail' });
    await expect(mail).toHaveCount(1, { timeout: 15_000 });
    await mail.getByRole('button', { name: 'Toggle HTML view' }).click();
    const link = mail.frameLocator('iframe').getByRole('link', { name: 'Conferma la tua e-mail' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/VerifyEmail\/[\w-]+$/);
    await page.goto(href!);

    await expect(
      page.getByRole('heading', { level: 1, name: 'Email confermata correttamente' }),
    ).toBeVisible();
    const newPassword = page.getByLabel('Nuova password');
    await expect(newPassword).toHaveAccessibleDescription('La password deve contenere almeno 8 caratteri');
    await newPassword.fill('corta');
    await page.getByRole('button', { name: 'Salva la password' }).click();
    await expect(page.getByText('La password deve contenere almeno 8 caratteri').first()).toBeVisible();
    await newPassword.fill('Carciofi-Romani-2027');

    const nutritionistResponse = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v2/CurrentPatient/Nutritionist') &&
        response.request().method() === 'GET',
    );
    await page.getByRole('button', { name: 'Salva la password' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ciao, Laura Neri!' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Prenota il tuo incontro conoscitivo gratuito' }),
    ).toBeVisible();
    // Step 1 books right on the home: the slot chooser, or (no free slot) the way to the chat.
    const stepCard = page.getByRole('region', { name: 'Prenota il tuo incontro conoscitivo gratuito' });
    await expect(
      stepCard
        .getByRole('radiogroup', { name: 'Scegli il giorno' })
        .or(stepCard.getByRole('link', { name: 'Scrivi in chat' })),
    ).toBeVisible();
    const { Nutritionist: matched } = (await (await nutritionistResponse).json()) as {
      Nutritionist: { PersonalTitle: string; ApplicationUser: { DisplayName: string } };
    };
    const nutritionistCard = page.getByRole('region', { name: 'Il tuo nutrizionista' });
    await expect(nutritionistCard).toContainText(
      `${honorific(matched.PersonalTitle)} ${matched.ApplicationUser.DisplayName}`,
    );
    await expect(nutritionistCard.getByText('Alimentazione sportiva')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Accetta le informative privacy' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The same e-mail again, after a new questionnaire: 'Utente già registrato' with a way to sign in.
    await answerQuestionnaire(page, { email, firstName: 'Laura' });
    await register(page, email);
    const dialog = page.getByRole('dialog', { name: 'Utente già registrato' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Vai all’accesso' })).toHaveAttribute('href', '/Login');
  });

  test('who needs a medical diet therapy is told kindly that the service is not for them', async ({
    page,
  }, testInfo) => {
    await answerQuestionnaire(page, { email: uniqueEmail(testInfo), firstName: 'Laura', medicalDiet: 'Sì' });
    await expect(
      page.getByRole('heading', { name: 'Grazie per la fiducia: per te serve un percorso medico' }),
    ).toBeFocused();
    await expect(page.getByText(/medico curante/)).toBeVisible();
    await expect(page).toHaveURL(/\/trova-il-tuo-nutrizionista$/);
  });

  test('/Grazie without a questionnaire points to it; /GoogleAuth is an empty page', async ({ page }) => {
    await page.goto('/Grazie');
    await expect(page.getByRole('heading', { level: 1, name: 'Prima, il questionario' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Vai al questionario' })).toHaveAttribute(
      'href',
      '/Trova-il-tuo-Nutrizionista',
    );
    await page.goto('/GoogleAuth');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Accesso con Google');
  });
});
