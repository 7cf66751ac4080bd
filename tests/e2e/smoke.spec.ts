/**
 * Smoke journey of the web app: it renders in Italian, unknown paths land on the 404 page, the
 * console stays clean and axe finds no serious or critical accessibility violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { errorTexts } from '@nutri/shared';
import { seriousViolations } from '../support/axe';

/** Console errors and uncaught exceptions of the page, collected from before the first navigation. */
const collectErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
};

test.describe('smoke', () => {
  test('home page renders in Italian', async ({ page }) => {
    const errors = collectErrors(page);

    await page.goto('/');

    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page).toHaveTitle(/\S/);
    expect(errors).toEqual([]);
  });

  test('an unknown path ends on /error/404 with a not-found heading', async ({ page }) => {
    const errors = collectErrors(page);

    await page.goto('/some/unknown/path');

    await expect(page).toHaveURL(/\/error\/404$/);
    await expect(page.getByRole('heading', { name: new RegExp(errorTexts.notFoundPage, 'i') })).toBeVisible();
    expect(errors).toEqual([]);
  });

  for (const path of ['/', '/error/404']) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();

      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
