/**
 * Smoke journey of the web app: it renders in Italian, unknown paths land on the 404 page, the
 * console stays clean and axe finds no serious or critical accessibility violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { errorTexts } from '@nutri/shared';

/** Console errors and uncaught exceptions of the page, collected from before the first navigation. */
const collectErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
};

const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
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
