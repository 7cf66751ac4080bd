/** Accessibility checks of browser journeys: axe's serious and critical violations, summarised. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Serious and critical violations of the page, or of the part `include` selects (e.g. an open drawer
 * alone: behind its dimming overlay the page is inert, and axe would measure half-covered text).
 */
export const seriousViolations = async (page: Page, include?: string) => {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
};

export const expectNoSeriousViolations = async (page: Page, include?: string) =>
  expect(await seriousViolations(page, include)).toEqual([]);
