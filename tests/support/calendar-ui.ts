/**
 * The nutritionist's calendar page in the browser: a week on wide screens, one day on phones. `showDay`
 * moves the view (next or previous week or day) until the date's column is on screen.
 */
import { expect, type Page } from '@playwright/test';
import { weekdayLabel } from './booking-ui';

const PREFIX = 'calendar-day-';

/** The column of a day: a region named by its heading ('Giovedì 12 marzo'). */
export const dayColumn = (page: Page, date: string) =>
  page.getByRole('region', { name: new RegExp(weekdayLabel(date), 'i') });

/** The drawing area of a day's hours (where a drag creates an interval). */
export const dayHours = (page: Page, date: string) => page.getByTestId(`${PREFIX}${date}`);

/** Moves the week (desktop) or the day (phone) until `date` is shown. */
export const showDay = async (page: Page, date: string) => {
  const shown = page.locator(`[data-testid^="${PREFIX}"]`);
  for (let step = 0; step < 12; step += 1) {
    await expect(shown.first()).toBeVisible();
    const dates = await shown.evaluateAll(
      (elements, prefix) =>
        elements.map((element) => element.getAttribute('data-testid')!.slice(prefix.length)),
      PREFIX,
    );
    if (dates.includes(date)) return;
    const forward = date > dates[dates.length - 1]!;
    await page
      .getByRole('button', {
        name: forward ? /^(Settimana|Giorno) successiv/ : /^(Settimana|Giorno) precedente/,
      })
      .click();
    await expect(shown.first()).not.toHaveAttribute('data-testid', `${PREFIX}${dates[0]}`);
  }
  throw new Error(`the calendar did not reach ${date}`);
};
