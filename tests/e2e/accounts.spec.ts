/**
 * Sign-in journeys on the local stack: each demo account lands on its own home, and a forgotten
 * password is reset through the link in the mail, opened from the local mail viewer.
 */
import { expect, test } from '@playwright/test';
import { createTestUser } from '../integration/support/api';
import { signIn } from '../support/sign-in';

test.describe('sign-in', () => {
  test('the demo patient lands on the patient home', async ({ page }) => {
    await signIn(page, 'paziente@nutri.local', 'Paziente123!', null);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ciao, Giulia Rossi!' })).toBeVisible();
  });

  test('the demo nutritionist lands on the nutritionist home', async ({ page }) => {
    await signIn(page, 'nutrizionista', 'Nutrizionista123!', null);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /Buon lavoro, Chiara Bianchi/ })).toBeVisible();
  });

  test('the demo admin sees the public home and may open the back office', async ({ page }) => {
    await signIn(page, 'admin@nutri.local', 'Admin1234!', null);
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: /Il nutrizionista giusto per te/ }),
    ).toBeVisible();
    await page.goto('/Admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Amministrazione' })).toBeVisible();
  });

  test('a wrong password shows the spec’s message and a patient is kept out of the back office', async ({
    page,
  }) => {
    await signIn(page, 'paziente@nutri.local', 'non-e-la-password', null);
    await expect(page.getByRole('alert')).toHaveText('Nome utente o password non valido!');
    await signIn(page, 'paziente@nutri.local', 'Paziente123!', null);
    await expect(page.getByRole('heading', { level: 1, name: 'Ciao, Giulia Rossi!' })).toBeVisible();
    await page.goto('/Admin');
    await expect(page).toHaveURL(/\/Login\?/);
    expect(new URL(page.url()).searchParams.get('reason')).toBe('NotInRole');
  });

  test('a signed-out visitor of a patient page is sent to the login and back after it', async ({ page }) => {
    await page.goto('/Patients/Agenda');
    await expect(page).toHaveURL(/\/Login\?/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('ReturnUrl')).toBe('/Patients/Agenda');
    expect(query.get('reason')).toBe('NotAuthenticated');
    expect(query.get('ApplicationId')).toBe('nutri');
    await page.getByLabel('Nome utente o e-mail').fill('paziente@nutri.local');
    await page.getByLabel('Password', { exact: true }).fill('Paziente123!');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL(/\/Patients\/Agenda$/);
  });
});

test.describe('password reset', () => {
  test('opens the link from the mail in the local mail viewer and signs in with the new password', async ({
    page,
  }) => {
    // Two pages, the mail viewer and two sign-ins: 8-21 s on a loaded 2-core machine. Late in a full run
    // the viewer holds every mail the run sent, each in an iframe of its own, and takes far longer to draw.
    test.setTimeout(120_000);
    const user = await createTestUser(['Patient']);

    await page.goto('/Login');
    await page.getByRole('link', { name: /Password dimenticata/ }).click();
    await expect(page).toHaveURL(/\/RecoverPassword$/);
    // The URL changes before the page does: until then the login's "Nome utente o e-mail" is on screen.
    await expect(page.getByRole('heading', { name: 'Recupera password' })).toBeVisible();
    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Invia il link' }).click();
    await expect(page.getByText('Controlla la posta')).toBeVisible();

    await page.goto('/dev/mail');
    const mail = page
      .locator('.email', { hasText: user.email })
      .filter({ hasText: 'Reimposta la tua password' });
    await expect(mail).toHaveCount(1, { timeout: 15_000 });
    await mail.getByRole('button', { name: 'Toggle HTML view' }).click();
    const link = mail.frameLocator('iframe').getByRole('link', { name: 'Reimposta la password' });
    const href = await link.getAttribute('href');
    expect(href).toContain('/ResetPassword?Username=');
    await page.goto(href!);

    await expect(page.getByRole('heading', { name: 'Reimposta Password' })).toBeVisible();
    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await page.getByLabel('Nuova password').fill('Carciofi-Romani-2027');
    await page.getByLabel('Conferma password').fill('Carciofi-Romani-2027');
    await page.getByRole('button', { name: 'Reimposta password' }).click();
    await expect(page.getByText('Password reimpostata con successo')).toBeVisible();

    await signIn(page, user.email, 'Carciofi-Romani-2027', null);
    await expect(page.getByRole('heading', { level: 1, name: /^Ciao, Mario Verdi/ })).toBeVisible();
  });
});
