/**
 * /Admin/Dashboard (docs/product.md#business-dashboards): the demo admin opens each of the six views on the
 * demo's year of history, sees its chart and its table, changes a filter and sees the figures change, and
 * downloads a CSV equal to the table on screen; a patient and a nutritionist are turned away (NotInRole).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { romeDate } from '@nutri/shared';
import { api, login } from '../integration/support/api';
import { seriousViolations } from '../support/axe';
import { signIn, signInAsAdmin } from '../support/sign-in';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;

const VIEWS = [
  ['MonthlySummary', 'Riepilogo mensile'],
  ['ConversionTimeline', 'Conversioni per settimana'],
  ['Pivot', 'Tabella pivot'],
  ['NutritionistConversionRates', 'Conversioni per nutrizionista'],
  ['NutritionistPatientTimeline', 'Pazienti di un nutrizionista'],
  ['DailyPayments', 'Pagamenti giornalieri'],
] as const;

const open = async (page: Page, path: string, title: string) => {
  await page.goto(path);
  // The dashboards' chunk (with the charts) loads on first use: longer on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
};

const data = (page: Page) => page.getByRole('region', { name: 'Dati' });

/** The cells of a table as the CSV writes them: header, then each row, `;` between cells. */
const tableLines = async (page: Page, caption: string) =>
  data(page)
    .getByRole('table', { name: caption })
    .evaluate((table) =>
      Array.from(table.querySelectorAll('tr')).map((row) =>
        Array.from(row.querySelectorAll('th, td'))
          .map((cell) => (cell.textContent ?? '').trim())
          .join(';'),
      ),
    );

const downloadCsv = async (
  page: Page,
  button = page.getByRole('button', { name: 'Esporta CSV' }).first(),
) => {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = await readFile(await download.path(), 'utf8');
  return text.replace(/^\uFEFF/, '').split('\r\n');
};

/**
 * The downloaded CSV equals the table on screen. Other tests running meanwhile change live figures, and the
 * page may show the new ones between the download and the read of the table: both are read again, together,
 * until they agree.
 */
const expectCsvOfTable = async (page: Page, caption: string, button?: Locator) =>
  expect(async () => {
    expect(await downloadCsv(page, button)).toEqual(await tableLines(page, caption));
  }).toPass({ timeout: 30_000 });

test('the demo admin reads the six dashboards, filters them and exports what the tables show', async ({
  page,
}, testInfo) => {
  test.setTimeout(420_000);
  // The stack writes the demo's year of history just after it starts: wait until the rebuild counted it.
  const token = (await login('admin@nutri.local', 'Admin1234!')).accessToken;
  const month = romeDate(new Date()).slice(0, 7);
  await expect
    .poll(
      async () =>
        (
          await api<{ PaidVisits: number }[]>(
            'GET',
            `Admin/Dashboard/MonthlySummary?from=${month}&to=${month}`,
            { token },
          )
        ).body[0]?.PaidVisits ?? 0,
      { timeout: 180_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);
  await signInAsAdmin(page);
  await open(page, '/Admin/Dashboard', 'Dashboard');
  for (const [, title] of VIEWS)
    await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();

  for (const [path, title] of VIEWS) {
    await open(page, `/Admin/Dashboard/${path}`, title);
    if (path === 'NutritionistPatientTimeline') {
      await page.getByRole('combobox', { name: 'Nutrizionista' }).fill('Giorgia');
      await page.getByRole('option', { name: 'Giorgia Esposito', exact: true }).click();
    }
    // The chart and its table alternative, from the seeded year.
    await expect(data(page).locator('.recharts-surface').first()).toBeVisible({ timeout: 30_000 });
    await expect(data(page).getByRole('table').first().locator('tbody tr').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const caption = (await data(page).getByRole('table').first().locator('caption').textContent())!;
    await expectCsvOfTable(page, caption);
    if (SCREENSHOTS)
      await page.screenshot({
        path: `${SCREENSHOTS}/dashboard-${path}-${testInfo.project.name}.png`,
        fullPage: true,
      });
  }

  // Filters change the figures: a shorter period has fewer months; revenue instead of counts in the pivot.
  await open(page, '/Admin/Dashboard/MonthlySummary', 'Riepilogo mensile');
  const year = await tableLines(page, 'Riepilogo mensile');
  expect(year).toHaveLength(13);
  const earlier = romeDate(new Date(Date.now() - 62 * 86_400_000)).slice(0, 7);
  await open(page, `/Admin/Dashboard/MonthlySummary?from=${earlier}&to=${month}`, 'Riepilogo mensile');
  await expect.poll(async () => (await tableLines(page, 'Riepilogo mensile')).length).toBeLessThan(5);
  // The same last two months: the previous one with the same figures, the current one by its name only
  // (its figures change live with the bookings other tests make meanwhile).
  const [previousMonth, currentMonth] = (await tableLines(page, 'Riepilogo mensile')).slice(-2);
  const monthName = (line: string | undefined) => line?.split(';')[0];
  expect(previousMonth).toBe(year.at(-2));
  expect(monthName(currentMonth)).toBe(monthName(year.at(-1)));
  await open(page, '/Admin/Dashboard/Pivot', 'Tabella pivot');
  const counts = await tableLines(page, 'Tabella pivot');
  await page.getByRole('combobox', { name: 'Misura' }).click();
  await page.getByRole('option', { name: 'Incasso netto (EUR)' }).click();
  await expect.poll(async () => (await tableLines(page, 'Tabella pivot')).join('\n')).toContain('€');
  expect(await tableLines(page, 'Tabella pivot')).not.toEqual(counts);
  await expectCsvOfTable(page, 'Tabella pivot');

  await open(page, '/Admin/Dashboard/DailyPayments', 'Pagamenti giornalieri');
  const days = await tableLines(page, 'Pagamenti per giorno');
  const movements = await tableLines(page, 'Movimenti del giorno');
  await page.getByRole('combobox', { name: 'Giorno' }).click();
  const options = page.getByRole('option');
  await options.nth(0).click();
  await expect
    .poll(async () => (await tableLines(page, 'Movimenti del giorno')).join('\n'))
    .not.toBe(movements.join('\n'));
  expect(days.length).toBeGreaterThan(2);
  await expectCsvOfTable(
    page,
    'Movimenti del giorno',
    page.getByRole('button', { name: 'Esporta CSV' }).nth(1),
  );
});

for (const [role, email, password] of [
  ['Patient', 'paziente@nutri.local', 'Paziente123!'],
  ['Nutritionist', 'nutrizionista@nutri.local', 'Nutrizionista123!'],
] as const)
  test(`a ${role} gets NotInRole on the dashboards`, async ({ page }) => {
    // A sign-in and seven pages: longer than the default limit on a busy machine.
    test.setTimeout(120_000);
    await signIn(page, email, password);
    for (const path of ['/Admin/Dashboard', ...VIEWS.map(([view]) => `/Admin/Dashboard/${view}`)]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/Login\?/);
      expect(new URL(page.url()).searchParams.get('reason'), path).toBe('NotInRole');
    }
  });
