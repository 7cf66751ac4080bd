/**
 * The booking dialog's date-time picker opens in the dialog's own flow: it covers none of the dialog's
 * fields (nor its own label), stays inside the dialog, and a date and time chosen in it fill the field.
 */
import { expect, test, type Locator } from '@playwright/test';
import { PASSWORD } from '../integration/support/visits';
import { dayIn, expectNoSeriousViolations, italianDate, pickDateTime, signIn } from '../support/booking-ui';
import { nutritionistWithPatient } from '../support/nutritionist-pair';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
};

type Box = Awaited<ReturnType<typeof boxOf>>;
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

test('the date-time picker covers none of the booking dialog’s fields', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const { nutritionist } = await nutritionistWithPatient(`Zelia ${Date.now() % 100000}`);
  await signIn(page, nutritionist.email, PASSWORD);
  await page.getByRole('button', { name: 'Nuovo appuntamento' }).click();
  const create = page.getByRole('dialog', { name: 'Nuovo appuntamento' });
  const field = create.getByRole('button', { name: 'Data e ora' });
  await field.click();
  const picker = create.getByRole('group', { name: 'Scegli la data' });
  await expect(picker).toBeVisible();
  await expect(picker).toBeFocused();
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/date-time-picker-${testInfo.project.name}.png` });

  const pickerBox = await boxOf(picker);
  const fields = [
    create.getByRole('combobox', { name: 'Paziente' }),
    create.getByRole('combobox', { name: 'Tipo di appuntamento' }),
    create.getByLabel('Durata'),
    create.getByLabel('Prezzo'),
    create.getByText('Data e ora', { exact: true }),
    field,
  ];
  for (const other of fields) expect(overlap(pickerBox, await boxOf(other))).toBe(0);
  const dialogBox = await boxOf(create);
  expect(pickerBox.x).toBeGreaterThanOrEqual(dialogBox.x);
  expect(pickerBox.x + pickerBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  expect(pickerBox.y).toBeGreaterThanOrEqual(dialogBox.y);
  await expectNoSeriousViolations(page);

  // Esc closes the picker only; then a date and a time fill the field.
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(create).toBeVisible();
  await expect(field).toBeFocused();
  await pickDateTime(page, field, dayIn(2), '09:35');
  await expect(field).toContainText(`${italianDate(dayIn(2))} 09:35`);
});
