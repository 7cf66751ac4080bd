/**
 * The nutritionist's calendar (docs/product.md#calendar): on a desktop the week view, where an interval is
 * created by dragging, the weekly template is set, a day is taken off and a week copied onto the next; on
 * a phone the day view, moved with its buttons, with an interval added through the day's dialog and the
 * template. Bookings show by status. With NUTRI_SCREENSHOTS_DIR set, the week (desktop) and the day
 * (phone) are saved there. axe checks each view.
 */
import { expect, test, type Page } from '@playwright/test';
import { addRomeDays, isoWeekday } from '@nutri/shared';
import { dayIn, expectNoSeriousViolations, weekdayLabel } from '../support/booking-ui';
import { dayColumn, dayHours, showDay } from '../support/calendar-ui';
import { signIn } from '../support/sign-in';
import { api } from '../integration/support/api';
import { PASSWORD, createNutritionist, createPatientOf } from '../integration/support/visits';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;
const HOUR_PX = 44;
const FIRST_HOUR = 7;

/** The first Monday after `date`. */
const mondayAfter = (date: string) => addRomeDays(date, 8 - isoWeekday(date));

const book = async (
  nutritionist: { id: string; token: string },
  patientUserId: string,
  bookingTypeId: number,
  date: string,
  time: string,
) => {
  const result = await api('POST', 'CurrentNutritionist/Bookings', {
    token: nutritionist.token,
    body: {
      PatientUserId: patientUserId,
      NutritionistUserId: nutritionist.id,
      BookingTypeId: bookingTypeId,
      BookingTime: `${date}T${time}`,
    },
  });
  expect(result.status).toBe(201);
};

const openCalendar = async (page: Page) => {
  await page.goto('/AreaNutritionists/Calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario disponibilità' })).toBeVisible();
};

/** Opens the template dialog, adds "ogni lunedì 09:00-13:00" and saves it. */
const setMondayTemplate = async (page: Page) => {
  await page.getByRole('button', { name: 'Modello settimanale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modello settimanale' });
  await dialog.getByRole('button', { name: 'Aggiungi un orario a ogni lunedì' }).click();
  await expect(dialog.getByLabel('Dalle, lunedì intervallo 1', { exact: true })).toHaveValue('09:00');
  await expect(dialog.getByLabel('Alle, lunedì intervallo 1', { exact: true })).toHaveValue('13:00');
  await dialog.getByRole('button', { name: 'Salva il modello' }).click();
  await expect(dialog).toBeHidden();
};

/** Desktop: the week view, a weekly template, an interval dragged, a week copied, a day off. */
const weekJourney = async (page: Page) => {
  const nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, 'Giulia Marchetti');
  const day = dayIn(2);
  await book(nutritionist, patient.id, 3, day, '10:00');
  await book(nutritionist, patient.id, 2, day, '15:00');
  await signIn(page, nutritionist.email, PASSWORD, { heading: /Buon lavoro/ });
  await openCalendar(page);

  // "Ogni lunedì 9-13" from the template dialog: every Monday shows it.
  await setMondayTemplate(page);
  const monday = mondayAfter(day);
  await showDay(page, monday);
  await expect(dayColumn(page, monday).getByText('09:00–13:00')).toBeVisible();

  // Dragging from 07:30 to 08:30 on a day creates that interval.
  await showDay(page, day);
  const hours = await dayHours(page, day).boundingBox();
  const x = hours!.x + hours!.width / 4;
  const yOf = (minutes: number) => hours!.y + ((minutes - FIRST_HOUR * 60) / 60) * HOUR_PX;
  await page.mouse.move(x, yOf(7 * 60 + 35));
  await page.mouse.down();
  await page.mouse.move(x, yOf(8 * 60 + 10), { steps: 6 });
  await page.mouse.move(x, yOf(8 * 60 + 30), { steps: 4 });
  await page.mouse.up();
  await expect(dayColumn(page, day).getByText('07:30–08:30')).toBeVisible();
  // The visits of the day, by status.
  await expect(
    dayColumn(page, day).getByRole('link', { name: /10:00 Giulia Marchetti\s*Confermato/ }),
  ).toBeVisible();
  await expect(
    dayColumn(page, day).getByRole('link', { name: /15:00 Giulia Marchetti\s*In attesa di pagamento/ }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/calendar-week-desktop.png`, fullPage: true });

  // Copied onto the next week: the same weekday a week later has the interval.
  await page.getByRole('button', { name: 'Copia settimana' }).click();
  const copy = page.getByRole('dialog', { name: 'Copia settimana' });
  await copy.getByRole('button', { name: 'Copia' }).click();
  await expect(copy).toBeHidden();
  const copied = addRomeDays(day, 7);
  await expect(dayColumn(page, copied).getByText('07:30–08:30')).toBeVisible();

  // A day off on that week's Monday: the template does not apply there.
  const mondayOff = addRomeDays(copied, 1 - isoWeekday(copied));
  await showDay(page, mondayOff);
  await dayColumn(page, mondayOff)
    .getByRole('button', { name: `Altro per ${weekdayLabel(mondayOff)}` })
    .click();
  await page.getByRole('menuitem', { name: 'Giorno libero (senza modello)' }).click();
  await expect(dayColumn(page, mondayOff).getByText('Giorno libero')).toBeVisible();
  await expect(dayColumn(page, mondayOff).getByText('09:00–13:00')).toHaveCount(0);
};

/** Phone: the day view, days by buttons, an interval through the dialog, the template. */
const dayJourney = async (page: Page) => {
  const nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, 'Giulia Marchetti');
  const day = dayIn(1);
  await book(nutritionist, patient.id, 3, day, '15:00');
  await signIn(page, nutritionist.email, PASSWORD, { heading: /Buon lavoro/ });
  await openCalendar(page);

  // One day at a time: today first, then tomorrow with the button.
  await expect(page.locator('[data-testid^="calendar-day-"]')).toHaveCount(1);
  await showDay(page, day);
  await page.getByRole('button', { name: `Aggiungi un intervallo a ${weekdayLabel(day)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Disponibilità di ${weekdayLabel(day)}` });
  await dialog.getByLabel('Dalle', { exact: true }).selectOption('10:00');
  await dialog.getByLabel('Alle', { exact: true }).selectOption('12:00');
  await dialog.getByRole('button', { name: 'Aggiungi intervallo' }).click();
  await expect(dialog).toBeHidden();
  await expect(dayColumn(page, day).getByText('10:00–12:00')).toBeVisible();
  await expect(dayColumn(page, day).getByRole('link', { name: /15:00 Giulia Marchetti/ })).toBeVisible();

  await setMondayTemplate(page);
  const monday = mondayAfter(day);
  await showDay(page, monday);
  await expect(dayColumn(page, monday).getByText('09:00–13:00')).toBeVisible();
  await showDay(page, day);
  await expectNoSeriousViolations(page);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/calendar-day-phone.png`, fullPage: true });
};

test('the calendar: a week on a desktop, a day on a phone', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await (testInfo.project.name === 'phone' ? dayJourney(page) : weekJourney(page));
});
