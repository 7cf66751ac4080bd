/** Signing in through the /Login page, as every browser journey does. */
import { expect, type Page } from '@playwright/test';

/** Where a sign-in lands: a URL, and the landing page's own heading (level 1) when the test reads it. */
export interface Landing {
  url?: RegExp;
  heading?: string | RegExp;
}

/**
 * Signs in on /Login and waits for the landing page (by default the home, `/`). `null` waits for nothing:
 * the test checks what happens itself (a refusal, a redirect elsewhere).
 */
export const signIn = async (
  page: Page,
  login: string,
  password: string,
  landing: Landing | null = { url: /\/$/ },
) => {
  await page.goto('/Login');
  await page.getByLabel('Nome utente o e-mail').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  if (!landing) return;
  if (landing.url) await expect(page).toHaveURL(landing.url);
  if (landing.heading)
    await expect(page.getByRole('heading', { level: 1, name: landing.heading })).toBeVisible();
};

/** The demo admin (local demo data), landing on the home. */
export const signInAsAdmin = (page: Page) => signIn(page, 'admin@nutri.local', 'Admin1234!');
