/**
 * Browser-test helpers for the booking screens: Rome dates as the pages name them, the booking date-time
 * picker, and signing in a second person beside the test's page.
 */
import { expect, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { addRomeDays, inRome, romeDate, romeInstant } from '@nutri/shared';
import { expectNoSeriousViolations } from './axe';
import { signIn } from './sign-in';

// One copy of each browser helper: specs may take these from here or from their own modules.
export { expectNoSeriousViolations, signIn };

const MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];
const WEEKDAYS = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'];

/** Rome date `days` after today. */
export const dayIn = (days: number) => addRomeDays(romeDate(new Date()), days);
/** '12 marzo 2026': the calendar's name of a day. */
export const dayLabel = (date: string) =>
  `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
/** 'giovedì 12 marzo': the calendar page's name of a day. */
export const weekdayLabel = (date: string) => {
  const weekday = WEEKDAYS[inRome(romeInstant(date, '12:00')).day()]!;
  return `${weekday} ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
};
/** '12/03/2026'. */
export const italianDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** Picks a date and a time in the booking date-time picker (date, hour, minute: it closes by itself). */
export const pickDateTime = async (
  page: Page,
  field: Locator,
  date: string,
  time: string,
  options: { checkAccessibility?: boolean } = {},
) => {
  await field.click();
  const picker = page.getByRole('group', { name: 'Scegli la data' });
  await expect(picker).toBeVisible();
  if (options.checkAccessibility) await expectNoSeriousViolations(page);
  const day = picker.getByRole('button', { name: dayLabel(date), exact: true });
  if (!(await day.isVisible())) await picker.getByRole('button', { name: 'Mese successivo' }).click();
  await day.click();
  await page.getByRole('button', { name: `ore ${time.slice(0, 2)}`, exact: true }).click();
  if (options.checkAccessibility) await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: time, exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('group', { name: /scegli i minuti/ })).toBeHidden();
};

/** Another signed-in person beside the test's page, with the same device settings. */
export const openAs = async (browser: Browser, testInfo: TestInfo, login: string, password: string) => {
  const { baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId } =
    testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    locale,
    timezoneId,
  });
  const page = await context.newPage();
  await signIn(page, login, password);
  return page;
};
