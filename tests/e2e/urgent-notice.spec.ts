/**
 * The nutritionist's urgent WhatsApp notice from a booking card: refused for a patient without a phone
 * number, the confirmation closes and a toast gives the reason ('Impossibile inviare il messaggio' /
 * 'Manca il numero di telefono dell'utente'); a notice that then goes out to another patient shows its
 * success in place of that error, not under it.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { urgentNoticeTexts, BookingType } from '@nutri/shared';
import { dayIn, expectNoSeriousViolations } from '../support/booking-ui';
import { signIn } from '../support/sign-in';
import { PASSWORD, bookVisitFor, createNutritionist, createPatientOf } from '../integration/support/visits';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;

test('a refused WhatsApp notice closes its dialog, and the next success replaces the error toast', async ({
  page,
}, testInfo) => {
  const nutritionist = await createNutritionist();
  const suffix = randomUUID().slice(0, 6);
  const withoutPhone = await createPatientOf(nutritionist.id, `Ada Senzatelefono${suffix}`, { phone: null });
  const phone = `+39333${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const withPhone = await createPatientOf(nutritionist.id, `Bice Contelefono${suffix}`, { phone });
  // Plan hand-overs tomorrow: booked at once, so both cards are on the home's next three days.
  await bookVisitFor(nutritionist, withoutPhone.id, BookingType.MEALPLAN, `${dayIn(1)}T10:00`);
  await bookVisitFor(nutritionist, withPhone.id, BookingType.MEALPLAN, `${dayIn(1)}T11:00`);

  await signIn(page, nutritionist.email, PASSWORD, { heading: /Buon lavoro/ });
  const upcoming = page.getByRole('list', { name: 'Prossimi appuntamenti' });
  const cardOf = (name: string) => upcoming.getByRole('article').filter({ hasText: name });
  const dialog = page.getByRole('dialog', { name: 'Avviso urgente su WhatsApp' });
  const failure = page.getByRole('alert').filter({ hasText: urgentNoticeTexts.failedTitle });
  const success = page.getByRole('alert').filter({ hasText: 'Avviso inviato su WhatsApp' });

  await cardOf(withoutPhone.name)
    .getByRole('button', { name: 'WhatsApp: avviso urgente al paziente' })
    .click();
  await dialog.getByRole('button', { name: 'Sì, invia' }).click();
  await expect(failure).toContainText(urgentNoticeTexts.noPhone);
  // Trying again cannot help: the dialog closes and the toast says why.
  await expect(dialog).toBeHidden();
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/urgent-notice-refused-${testInfo.project.name}.png` });

  await cardOf(withPhone.name).getByRole('button', { name: 'WhatsApp: avviso urgente al paziente' }).click();
  await dialog.getByRole('button', { name: 'Sì, invia' }).click();
  await expect(success).toBeVisible();
  await expect(dialog).toBeHidden();
  // The error (6 s) would still be showing: the success took its place.
  await expect(failure).toHaveCount(0);
  await expectNoSeriousViolations(page);
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/urgent-notice-sent-${testInfo.project.name}.png` });
});
