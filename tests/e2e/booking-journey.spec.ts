/**
 * The booking journey, on a phone and on a desktop: a patient books a free introductory slot on the home;
 * their nutritionist sees it on the home, completes it and creates a paid visit; the patient finds that
 * visit awaiting payment, is asked for billing data and then for the privacy contracts, pays on the local
 * checkout page and sees the visit confirmed and the payment message in the chat. Each person in their own
 * browser context. A fresh pair each run, set up as the demo pair is (the nutritionist can invoice, the
 * patient has not accepted the contracts), so the journey can be repeated on the same stack.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { PASSWORD, addAvailability, moveToStarted } from '../integration/support/visits';
import {
  dayIn,
  expectNoSeriousViolations,
  italianDate,
  openAs,
  pickDateTime,
  signIn,
  weekdayLabel,
} from '../support/booking-ui';
import { invoicingNutritionistWithPatient } from '../support/nutritionist-pair';
import { acceptPrivacyContracts, fillMissingBillingData } from '../support/payment-ui';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;

test('a patient books the introduction, the nutritionist completes it and books a paid visit, the patient pays', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const patientName = `Giulia Rossi${randomUUID().slice(0, 6)}`;
  const { nutritionist, patient } = await invoicingNutritionistWithPatient(patientName);

  // The nutritionist opens the introductory hours of a day three days from now.
  const introDay = dayIn(3);
  await addAvailability(nutritionist, introDay, '08:00', '08:30');

  // The patient books it on the home.
  await signIn(page, patient.email, patient.password);
  const days = page.getByRole('radiogroup', { name: 'Scegli il giorno' });
  // A day chip shows a short label and names the day in full for screen readers: click the chip itself.
  await days
    .locator('label')
    .filter({ hasText: weekdayLabel(introDay) })
    .click();
  await expect(days.getByRole('radio', { name: weekdayLabel(introDay) })).toBeChecked();
  const times = page.getByRole('radiogroup', { name: `Scegli l’orario di ${weekdayLabel(introDay)}` });
  await expectNoSeriousViolations(page);
  await times.getByText('08:00').click();
  await page.getByRole('button', { name: 'Prenota l’incontro gratuito' }).click();
  await expect(page).toHaveURL(/\/Patients\/Agenda\/\d+$/);
  const introId = Number(new URL(page.url()).pathname.split('/').pop());
  // The URL changes before the lazy booking page shows: its own heading first, then its status.
  await expect(page.getByRole('heading', { level: 1, name: 'Incontro Conoscitivo' })).toBeVisible();
  await expect(page.getByText('Confermato', { exact: true })).toBeVisible();

  // The meeting takes place (the nutritionist had moved it to a time that has now come: a visit can be
  // completed from its start only); the nutritionist sees it on the home and completes it.
  await moveToStarted(nutritionist, introId);
  const nutritionistPage = await openAs(browser, testInfo, nutritionist.email, PASSWORD);
  const upcoming = nutritionistPage.getByRole('list', { name: 'Prossimi appuntamenti' });
  const introCard = upcoming.getByRole('article').filter({
    has: nutritionistPage.getByRole('link', { name: `Dettagli dell’appuntamento n. ${introId}` }),
  });
  await expect(introCard).toHaveCount(1);
  await expect(introCard).toContainText(patientName);
  await expect(introCard).toContainText('Incontro Conoscitivo');
  await expectNoSeriousViolations(nutritionistPage);
  await introCard.getByRole('button', { name: 'Completa' }).click();
  const completeDialog = nutritionistPage.getByRole('dialog', { name: 'Completa appuntamento' });
  await completeDialog.getByRole('button', { name: 'Sì, completa' }).click();
  await expect(nutritionistPage.getByText('Appuntamento completato', { exact: true })).toBeVisible();

  // Then books the first paid visit for the patient, five days from now (well before its 2-day deadline).
  const visitDay = dayIn(5);
  await nutritionistPage.getByRole('button', { name: 'Nuovo appuntamento' }).click();
  const create = nutritionistPage.getByRole('dialog', { name: 'Nuovo appuntamento' });
  await create.getByRole('combobox', { name: 'Paziente' }).fill('Giulia');
  await nutritionistPage.getByRole('option', { name: patientName }).click();
  await create.getByRole('combobox', { name: 'Tipo di appuntamento' }).click();
  await nutritionistPage.getByRole('option', { name: 'Visita Nutrizionale' }).click();
  await expect(create.getByLabel('Prezzo')).toHaveValue(/^55\s€$/);
  await pickDateTime(nutritionistPage, create.getByRole('button', { name: 'Data e ora' }), visitDay, '17:05');
  await expect(create.getByRole('button', { name: 'Data e ora' })).toContainText(
    `${italianDate(visitDay)} 17:05`,
  );
  await create.getByRole('button', { name: 'Crea appuntamento' }).click();
  await expect(nutritionistPage.getByText('Appuntamento creato con successo', { exact: true })).toBeVisible();
  await nutritionistPage.context().close();

  // The patient finds the paid visit in the agenda, awaiting payment.
  await page.goto('/Patients/Agenda');
  const agenda = page.getByRole('list', { name: 'Appuntamenti in programma' });
  const paid = agenda.getByRole('listitem').filter({ hasText: 'Visita Nutrizionale' });
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText('In attesa di pagamento');
  await expect(paid).toContainText('17:05');
  await expectNoSeriousViolations(page);
  await paid.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Visita Nutrizionale' })).toBeVisible();
  await expect(page.getByText('In attesa di pagamento').first()).toBeVisible();
  const bookingUrl = new URL(page.url()).pathname;

  // Paying asks first for the billing data, then (the nutritionist can invoice) for the
  // privacy contracts, then the local checkout page takes Stripe's test card.
  await page.getByRole('button', { name: /^Paga 55/ }).click();
  await fillMissingBillingData(page, {
    name: patientName,
    codiceFiscale: 'RSSGLI92M52H501X',
    address: 'Via Nazionale 20',
    postalCode: '00184',
  });
  await acceptPrivacyContracts(page);
  await expect(page).toHaveURL(/\/Patients\/Checkout\?session_id=/);
  // The booking page had a 'Paga 55 €' button too: the checkout page's own heading first.
  await expect(page.getByRole('heading', { name: /^55/ })).toBeVisible();
  await page.getByLabel('Numero della carta').fill('4242424242424242');
  await page.getByRole('button', { name: /^Paga 55/ }).click();
  await expect(
    page.getByRole('heading', { name: /^Pagamento ricevuto, appuntamento del .* è confermato!$/ }),
  ).toBeVisible();
  await page.goto(bookingUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Visita Nutrizionale' })).toBeVisible();
  await expect(page.getByText('Confermato', { exact: true }).first()).toBeVisible();
  // Paid and confirmed: the page says how to move or cancel it (in the chat, free until 2 days before).
  const change = page.getByRole('region', { name: 'Spostare o annullare' });
  await expect(change).toContainText('scrivi in chat al tuo nutrizionista');
  await expect(change).toContainText(
    `Fino a ${weekdayLabel(dayIn(3))} alle 17:05 (2 giorni prima) è gratuito`,
  );
  await expect(change.getByRole('link', { name: 'Scrivi in chat' })).toHaveAttribute('href', '/Chat');
  await expectNoSeriousViolations(page);
  if (SCREENSHOTS)
    await page.screenshot({
      path: `${SCREENSHOTS}/paid-visit-change-rule-${testInfo.project.name}.png`,
      fullPage: true,
    });

  // The chat with the nutritionist shows the payment message.
  await page.goto('/Chat');
  await expect(page.getByText('Pagamento completato').first()).toBeVisible();
  await expectNoSeriousViolations(page);
});
