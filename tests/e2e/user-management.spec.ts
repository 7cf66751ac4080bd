/**
 * The back office's accounts (docs/product.md#user-management, #nutritionist-accounts) in the browser:
 * a user holding only UserManager runs /Users, /Users/UserList and /Users/EditUser on real data (each
 * filter changes the list, each action leaves an audit entry on the page); a user holding only
 * BusinessAdmin creates a nutritionist who sets the password from the invitation mail, then deactivates
 * them; the demo admin reaches every screen; a Patient and a Nutritionist are refused with NotInRole.
 * With NUTRI_SCREENSHOTS_DIR set, each screen is saved there (desktop).
 */
import { expect, test, type Page } from '@playwright/test';
import { api, createTestUser, login, waitForMail } from '../integration/support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;
const shoot = async (page: Page, name: string, projectName: string) => {
  if (!SCREENSHOTS || projectName !== 'desktop') return;
  // The sticky header would be painted mid-page by a full-page capture taken after scrolling.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-desktop.png`, fullPage: true });
};

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test.describe('user management (UserManager only)', () => {
  test('overview, filtered list, and an account changed, disabled and audited', async ({
    page,
  }, testInfo) => {
    // Many steps on a loaded 2-core machine: 60-130 s.
    test.setTimeout(240_000);
    const manager = await createTestUser(['UserManager']);
    const managerToken = (await login(manager.email, manager.password)).accessToken;
    const tag = `Ortensia${Date.now().toString(36)}`;
    const patient = await createTestUser(['Patient']);
    const nutritionist = await createTestUser(['Nutritionist']);
    for (const [user, name] of [
      [patient, `${tag} Paziente`],
      [nutritionist, `${tag} Nutrizionista`],
    ] as const)
      await api('PATCH', `UserManagement/Users/${user.id}`, {
        token: managerToken,
        body: { DisplayName: name },
      });
    await login(patient.email, patient.password);

    await signIn(page, manager.email, manager.password);
    await page.goto('/Users');
    await expect(heading(page, 'Gestione utenti')).toBeVisible();
    await expect(page.getByText('Nuovi utenti negli ultimi 7 giorni')).toBeVisible();
    await expect(page.getByText('Utenti per ruolo')).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, 'users-home', testInfo.project.name);

    await page.getByRole('link', { name: 'Vedi l’elenco' }).first().click();
    await expect(heading(page, 'Elenco utenti')).toBeVisible();
    const rows = page.getByRole('table', { name: 'Utenti' }).getByRole('row');
    await page.getByLabel('Nome o e-mail').fill(tag);
    await page.getByRole('button', { name: 'Cerca' }).click();
    await expect(rows).toHaveCount(3);
    await page.getByRole('combobox', { name: 'Ruolo' }).click();
    await page.getByRole('option', { name: 'Nutrizionista' }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(`${tag} Nutrizionista`);
    await page.getByRole('combobox', { name: 'Ruolo' }).click();
    await page.getByRole('option', { name: 'Tutti i ruoli' }).click();
    await expect(rows).toHaveCount(3);
    await page.getByRole('combobox', { name: 'Stato' }).click();
    await page.getByRole('option', { name: 'Disabilitati' }).click();
    await expect(page.getByText('Nessun utente corrisponde ai filtri.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Stato' }).click();
    await page.getByRole('option', { name: 'Tutti', exact: true }).click();
    await expect(rows).toHaveCount(3);
    await expectNoSeriousViolations(page);
    await shoot(page, 'users-list', testInfo.project.name);

    await page.getByRole('link', { name: `${tag} Paziente` }).click();
    await expect(heading(page, `${tag} Paziente`)).toBeVisible();
    const sessions = page.getByRole('table', { name: 'Sessioni attive' });
    await expect(sessions.getByRole('row')).toHaveCount(2);
    await page.getByLabel('Nome visualizzato').fill(`${tag} Paola`);
    await page.getByRole('button', { name: 'Salva i dati' }).click();
    await expect(heading(page, `${tag} Paola`)).toBeVisible();
    const audit = page.getByRole('table', { name: 'Registro delle modifiche' });
    await expect(audit).toContainText(`Nome visualizzato: ${tag} Paziente → ${tag} Paola`);

    await page.getByRole('button', { name: 'Disabilita l’account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disabilita' }).click();
    await expect(page.getByText(/^Disabilitato dal/)).toBeVisible();
    await expect(page.getByText('Nessuna sessione attiva.')).toBeVisible();
    await expect(audit).toContainText('Account disabilitato');
    expect(
      (await api('POST', 'Account/Login', { body: { email: patient.email, password: patient.password } }))
        .status,
    ).toBe(403);

    await page.getByRole('button', { name: 'Riabilita l’account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Riabilita' }).click();
    await expect(audit).toContainText('Account riabilitato');
    await page.getByRole('button', { name: 'Invia e-mail per reimpostare la password' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Invia' }).click();
    await expect(audit).toContainText('E-mail di reimpostazione password inviata');
    await waitForMail(patient.email, (mail) => mail.subject.includes('Reimposta'));

    await page.getByRole('checkbox', { name: 'Nutrizionista' }).check();
    await page.getByRole('button', { name: 'Salva i ruoli' }).click();
    await expect(audit).toContainText('Ruoli: Paziente → Paziente, Nutrizionista');
    await expectNoSeriousViolations(page);
    await shoot(page, 'users-edit', testInfo.project.name);
  });
});

test.describe('nutritionist accounts (BusinessAdmin only)', () => {
  test('creates a nutritionist who sets the password from the invitation, then deactivates them', async ({
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const admin = await createTestUser(['BusinessAdmin']);
    const suffix = Date.now().toString(36);
    const email = `nuova-${suffix}@nutri.test`;

    await signIn(page, admin.email, admin.password);
    await page.goto('/Admin/Nutritionists');
    await expect(heading(page, 'Nutrizionisti')).toBeVisible();
    await page.getByRole('button', { name: 'Nuovo nutrizionista' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo nutrizionista' });
    await dialog.getByRole('button', { name: 'Crea e invia l’invito' }).click();
    await expect(dialog.getByText('Campo obbligatorio').first()).toBeVisible();
    await dialog.getByLabel('Nome', { exact: true }).fill('Marta');
    await dialog.getByLabel('Cognome').fill(`Galli ${suffix}`);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('combobox', { name: 'Titolo personale' }).click();
    await page.getByRole('option', { name: 'Dottoressa (Dott.ssa)' }).click();
    await dialog.getByLabel('Titolo professionale').fill('Dietista');
    await dialog.getByRole('radio', { name: 'Donna' }).check();
    await dialog.getByRole('checkbox', { name: /Partner/ }).check();
    // Each corrected field has lost its error.
    await expect(dialog.getByText('Campo obbligatorio')).toHaveCount(0);
    await expect(dialog.getByText('Scegli il genere.')).toHaveCount(0);
    await shoot(page, 'admin-new-nutritionist', testInfo.project.name);
    await dialog.getByRole('button', { name: 'Crea e invia l’invito' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(`Marta Galli ${suffix}`) });
    await expect(row).toContainText('Nascosto');
    await expect(row).toContainText('Partner calendario');
    // The list now shows the search for the new name, wherever it falls in the alphabet.
    await expect(
      page.getByRole('search', { name: 'Cerca nutrizionisti' }).getByLabel('Nome', { exact: true }),
    ).toHaveValue(`Marta Galli ${suffix}`);
    await shoot(page, 'admin-nutritionists', testInfo.project.name);

    // The invitation, in a browser of its own.
    const mail = await waitForMail(email, (one) => one.subject.includes('crea la tua password'));
    const link = /href="([^"]*\/Invito#[^"]+)"/.exec(mail.body.html ?? '')![1]!;
    const invited = await browser.newPage();
    await invited.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(
      invited.getByRole('heading', { level: 1, name: 'Ti diamo il benvenuto in Nutrì' }),
    ).toBeVisible();
    await invited.getByLabel('Password', { exact: true }).fill('Melograno-Rosso-2026');
    await invited.getByLabel('Conferma password').fill('Melograno-Rosso-2026');
    await shoot(invited, 'invitation', testInfo.project.name);
    await invited.getByRole('button', { name: 'Crea la password e accedi' }).click();
    await expect(invited.getByRole('heading', { level: 1, name: 'Il mio profilo' })).toBeVisible();
    await invited.close();

    await row.getByRole('link').click();
    await expect(heading(page, `Marta Galli ${suffix}`)).toBeVisible();
    const account = page.getByRole('region', { name: 'Account' });
    await account.getByRole('button', { name: 'Disattiva' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disattiva' }).click();
    await expect(account.getByText('Disattivato', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, 'admin-nutritionist-account', testInfo.project.name);

    // Each action left an audit entry, read as a UserManager.
    const manager = await createTestUser(['UserManager']);
    const token = (await login(manager.email, manager.password)).accessToken;
    const users = await api<{ Data: { Id: string }[] }>(
      'GET',
      `UserManagement/UserList?search=${encodeURIComponent(email)}`,
      { token },
    );
    const detail = await api<{ Audit: { Action: string }[] }>(
      'GET',
      `UserManagement/Users/${users.body.Data[0]!.Id}`,
      { token },
    );
    expect(detail.body.Audit.map((entry) => entry.Action)).toEqual([
      'nutritionist.deactivated',
      'nutritionist.created',
    ]);
  });
});

test.describe('the demo admin and the refused roles', () => {
  test('the demo admin opens every screen with real data', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'admin@nutri.local', 'Admin1234!');
    await page.goto('/Users/UserList?search=admin%40nutri.local');
    await expect(heading(page, 'Elenco utenti')).toBeVisible();
    await page.getByRole('link', { name: 'Amministrazione', exact: true }).last().click();
    await expect(heading(page, 'Amministrazione')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Amministratore di sistema' })).toBeChecked();
    await page.goto('/Users');
    await expect(heading(page, 'Gestione utenti')).toBeVisible();
    await page.goto('/Admin/Nutritionists');
    await expect(page.getByRole('button', { name: 'Nuovo nutrizionista' })).toBeVisible();
  });

  for (const [role, email, password] of [
    ['Patient', 'paziente@nutri.local', 'Paziente123!'],
    ['Nutritionist', 'nutrizionista@nutri.local', 'Nutrizionista123!'],
  ] as const) {
    test(`a ${role} gets NotInRole on every screen`, async ({ page }) => {
      await signIn(page, email, password);
      for (const path of ['/Users', '/Users/UserList', '/Users/EditUser/qualcuno', '/Admin/Nutritionists']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/Login\?/);
        expect(new URL(page.url()).searchParams.get('reason'), path).toBe('NotInRole');
      }
    });
  }
});

test.describe('account gaps', () => {
  test('a user without a phone adds and verifies it by SMS, then changes the e-mail', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const user = await createTestUser(['Patient']);
    await signIn(page, user.email, user.password);
    // The patient's home asks for the missing number.
    await page.goto('/Patients');
    const request = page.getByRole('region', { name: 'Manca il tuo numero di cellulare' });
    await expect(request).toBeVisible();
    await request.getByRole('button', { name: 'Aggiungi il numero di cellulare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Il tuo numero di cellulare' });
    const number = `333${Date.now().toString().slice(-7)}`;
    await dialog.getByRole('textbox', { name: 'Numero di cellulare' }).fill('12');
    await dialog.getByRole('button', { name: 'Invia il codice' }).click();
    await expect(dialog.getByRole('alert')).toContainText('cifre');
    await dialog.getByRole('textbox', { name: 'Numero di cellulare' }).fill(number);
    await dialog.getByRole('button', { name: 'Invia il codice' }).click();
    await expect(dialog.getByText(/Abbiamo inviato il codice/)).toBeVisible();
    const sms = await waitForMail(`39${number}@sms.nutri.local`);
    const code = /(\d{6})/.exec(sms.body.text ?? sms.subject)![1]!;
    await shoot(page, 'account-phone-dialog', testInfo.project.name);
    await dialog.getByRole('textbox').first().click();
    await page.keyboard.type(code);
    await dialog.getByRole('button', { name: 'Verifica' }).click();
    await expect(dialog).toBeHidden();
    await expect(request).toBeHidden();
    await page.goto('/Account/Profile');
    await expect(heading(page, 'Il mio profilo')).toBeVisible();
    await expect(page.getByText('Verificato', { exact: true })).toBeVisible();

    const newEmail = `cambiata-${Date.now().toString(36)}@nutri.test`;
    const form = page.getByRole('form', { name: 'Cambia e-mail' });
    await form.getByLabel('Nuovo indirizzo e-mail').fill(newEmail);
    await form.getByLabel('Password attuale').fill('sbagliata');
    await form.getByRole('button', { name: 'Cambia e-mail' }).click();
    await expect(form.getByText('La password attuale non è corretta.')).toBeVisible();
    await form.getByLabel('Password attuale').fill(user.password);
    await form.getByRole('button', { name: 'Cambia e-mail' }).click();
    await expect(page.getByText(newEmail).first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, 'account-profile', testInfo.project.name);
  });
});
