/** Browser-test helpers for the public blog list. */
import { expect, type Page } from '@playwright/test';

/**
 * Opens /Blog and, since integration tests share the stack and publish articles without a cover that may
 * come first, presses "Carica altri" until an article with a cover shows (a few pages at most).
 */
export const openBlogWithCover = async (page: Page) => {
  await page.goto('/Blog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
  const articles = page
    .getByRole('main')
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(articles.first()).toBeVisible();
  const covered = articles.filter({ has: page.locator('img') });
  const loadMore = page.getByRole('button', { name: 'Carica altri' });
  for (
    let attempt = 0;
    attempt < 5 && (await covered.count()) === 0 && (await loadMore.isVisible());
    attempt += 1
  ) {
    const shown = await articles.count();
    await loadMore.click();
    await expect.poll(() => articles.count()).toBeGreaterThan(shown);
  }
  return { articles, covered };
};
