/**
 * Google Calendar for a partner nutritionist (docs/product.md#google-calendar), against the local stack's
 * Google stand-in: the partner connects through the stand-in's consent page; a busy event placed in the
 * stand-in hides its slots from the patient, who books another slot; the visit's event appears in the
 * stand-in, moves and is deleted with the visit; disconnecting revokes the grant; a nutritionist who is not
 * a partner has no menu entry and lands on the not-found page.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { CancelReason, errorTexts, romeInstant } from '@nutri/shared';
import type { LocalEvent } from '../../infra/local/local-google';
import { expectNoSeriousViolations, openAs, signIn, weekdayLabel } from '../support/booking-ui';
import { api } from '../integration/support/api';
import { googleDev } from '../integration/support/google';
import {
  PASSWORD,
  addAvailability,
  createNutritionist,
  createPatientOf,
  romeDateIn,
} from '../integration/support/visits';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;
const dev = googleDev;

test('a partner connects Google Calendar, busy times hide slots, visits become events, disconnecting revokes', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const nutritionist = await createNutritionist({ IsCalendarPartner: true });
  const patient = await createPatientOf(nutritionist.id, `Giulia Marchetti${randomUUID().slice(0, 4)}`);
  const day = romeDateIn(3);
  await addAvailability(nutritionist, day, '09:00', '11:00');
  const account = `studio-${randomUUID().slice(0, 8)}@gmail.local`;

  // The partner finds the page in the area's menu and connects through Google's (stand-in) consent page.
  await signIn(page, nutritionist.email, PASSWORD, { heading: /Buon lavoro/ });
  await page
    .getByRole('navigation', { name: 'Area nutrizionista' })
    .getByRole('link', { name: 'Google Calendar' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Google Calendar' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Collega Google Calendar' }).click();
  await expect(
    page.getByRole('heading', { name: 'Nutrì vuole accedere al tuo Account Google' }),
  ).toBeVisible();
  await page.getByLabel('Account Google').fill(account);
  await page.getByRole('button', { name: 'Consenti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Google Calendar' })).toBeVisible();
  await expect(page.getByText('Google Calendar è collegato.')).toBeVisible();
  // The code and state are off the address at once.
  await expect(page).toHaveURL(/\/AreaNutritionists\/GoogleCalendarConnect$/);
  await expect(page.getByRole('radio', { name: account })).toBeChecked();
  await expectNoSeriousViolations(page);
  if (SCREENSHOTS)
    await page.screenshot({
      path: `${SCREENSHOTS}/google-calendar-connected-${testInfo.project.name}.png`,
      fullPage: true,
    });

  // A busy event in the nutritionist's Google Calendar hides 09:00 and 09:30 from the patient.
  await dev(`accounts/${encodeURIComponent(account)}/events`, {
    start: { dateTime: romeInstant(day, '09:00').toISOString() },
    end: { dateTime: romeInstant(day, '10:00').toISOString() },
    summary: 'Dentista',
  });
  const patientPage = await openAs(browser, testInfo, patient.email, patient.password);
  const days = patientPage.getByRole('radiogroup', { name: 'Scegli il giorno' });
  await days
    .locator('label')
    .filter({ hasText: weekdayLabel(day) })
    .click();
  const times = patientPage.getByRole('radiogroup', { name: `Scegli l’orario di ${weekdayLabel(day)}` });
  await expect(times.getByText('10:00')).toBeVisible();
  await expect(times.getByText('09:00')).toHaveCount(0);
  await expect(times.getByText('09:30')).toHaveCount(0);
  await times.getByText('10:00').click();
  await patientPage.getByRole('button', { name: 'Prenota l’incontro gratuito' }).click();
  await expect(patientPage).toHaveURL(/\/Patients\/Agenda\/\d+$/);
  const bookingId = Number(new URL(patientPage.url()).pathname.split('/').pop());
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Incontro Conoscitivo' })).toBeVisible();

  // The visit appears in the Google Calendar, then moves and goes with it.
  const visitEvent = async () =>
    (await dev<{ items: LocalEvent[] }>(`accounts/${encodeURIComponent(account)}/events`)).items.find(
      (event) => event.id === `nutri${bookingId}`,
    );
  await expect.poll(async () => (await visitEvent())?.summary).toBe('Visita Nutrì – Giulia M.');
  expect((await visitEvent())?.start.dateTime).toBe(romeInstant(day, '10:00').toISOString());
  const moved = await api('POST', `CurrentNutritionist/Bookings/${bookingId}/ModifyBookingTime`, {
    token: nutritionist.token,
    body: { BookingTime: `${day}T10:30` },
  });
  expect(moved.status).toBe(200);
  await expect
    .poll(async () => (await visitEvent())?.start.dateTime)
    .toBe(romeInstant(day, '10:30').toISOString());
  const cancelled = await api(
    'POST',
    `CurrentNutritionist/Bookings/${bookingId}/CancelBooking?cancelReasonId=${CancelReason.NUTRITIONIST_CHOICE}`,
    { token: nutritionist.token },
  );
  expect(cancelled.status).toBe(200);
  await expect.poll(async () => (await visitEvent())?.status).toBe('cancelled');

  // Disconnecting revokes the grant at Google.
  const grants = async () =>
    (await dev<{ live: number }>(`accounts/${encodeURIComponent(account)}/grants`)).live;
  expect(await grants()).toBe(1);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Scollega Google Calendar' }).click();
  await expect(page.getByText('Google Calendar è scollegato e l’accesso è revocato.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collega Google Calendar' })).toBeVisible();
  expect(await grants()).toBe(0);

  // A nutritionist who is not a partner has no menu entry, and the address leads to the not-found page.
  const other = await createNutritionist();
  const otherPage = await openAs(browser, testInfo, other.email, PASSWORD);
  await otherPage.goto('/AreaNutritionists/Calendar');
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Calendario disponibilità' })).toBeVisible();
  await expect(
    otherPage.getByRole('navigation', { name: 'Area nutrizionista' }).getByRole('link'),
  ).toHaveCount(5);
  await otherPage.goto('/AreaNutritionists/GoogleCalendarConnect');
  await expect(otherPage).toHaveURL(/\/error\/404$/);
  await expect(
    otherPage.getByRole('heading', { name: new RegExp(errorTexts.notFoundPage, 'i') }),
  ).toBeVisible();
});
