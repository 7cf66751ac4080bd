/**
 * The journey of the demo accounts (Done when of issues 6 and 7): the demo patient books a free
 * introductory slot on the home; the demo nutritionist sees it on the home, completes it and creates a paid
 * visit; the patient finds that visit awaiting payment, is asked for billing data and then for the privacy
 * contracts, pays on the local checkout page and sees the visit confirmed and the payment message in the
 * chat. Each person in their own browser context.
 */
import { expect, test } from '@playwright/test';
import { bookingTexts } from '@nutri/shared';
import { api, login } from '../integration/support/api';
import { moveToStarted } from '../integration/support/visits';
import {
  dayIn,
  expectNoSeriousViolations,
  italianDate,
  openAs,
  pickDateTime,
  signIn,
  weekdayLabel,
} from '../support/booking-ui';
import { acceptPrivacyContracts, fillMissingBillingData } from '../support/payment-ui';

const PATIENT = { email: 'paziente@nutri.local', password: 'Paziente123!', name: 'Giulia Rossi' };
const NUTRITIONIST = { email: 'nutrizionista@nutri.local', password: 'Nutrizionista123!' };

// The journey moves the demo patient's onboarding on for good: `@once` runs it on one device only.
test('the demo patient books the introduction, the nutritionist completes it and books a paid visit, the patient pays @once', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);

  // The demo nutritionist opens the introductory hours of a day three days from now.
  const introDay = dayIn(3);
  const nutritionistToken = (await login(NUTRITIONIST.email, NUTRITIONIST.password)).accessToken;
  const interval = await api('POST', 'CurrentNutritionist/DailyAvailabilities', {
    token: nutritionistToken,
    body: { IntervalDate: introDay, IntervalStart: '08:00', IntervalEnd: '08:30' },
  });
  // 201, or the interval is already there from an earlier run on the same data.
  expect([201, 409, 422]).toContain(interval.status);

  // The patient books it on the home.
  await signIn(page, PATIENT.email, PATIENT.password);
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
  await expect(page.getByText('Confermato')).toBeVisible();

  // The meeting takes place (the nutritionist had moved it to a time that has now come: a visit can be
  // completed from its start only); the nutritionist sees it on the home and completes it.
  await moveToStarted({ token: nutritionistToken }, introId);
  const nutritionist = await openAs(browser, testInfo, NUTRITIONIST.email, NUTRITIONIST.password);
  const upcoming = nutritionist.getByRole('list', { name: 'Prossimi appuntamenti' });
  const introCard = upcoming.getByRole('article').filter({
    has: nutritionist.getByRole('link', { name: `Dettagli dell’appuntamento n. ${introId}` }),
  });
  await expect(introCard).toHaveCount(1);
  await expect(introCard).toContainText(PATIENT.name);
  await expect(introCard).toContainText('Incontro Conoscitivo');
  await expectNoSeriousViolations(nutritionist);
  await introCard.getByRole('button', { name: 'Completa' }).click();
  const completeDialog = nutritionist.getByRole('dialog', { name: 'Completa appuntamento' });
  await completeDialog.getByRole('button', { name: 'Sì, completa' }).click();
  await expect(nutritionist.getByText('Appuntamento completato')).toBeVisible();

  // Then books the first paid visit for the patient, five days from now (well before its 2-day deadline).
  const visitDay = dayIn(5);
  await nutritionist.getByRole('button', { name: 'Nuovo appuntamento' }).click();
  const create = nutritionist.getByRole('dialog', { name: 'Nuovo appuntamento' });
  await create.getByRole('combobox', { name: 'Paziente' }).fill('Giulia');
  await nutritionist.getByRole('option', { name: PATIENT.name }).click();
  await create.getByRole('combobox', { name: 'Tipo di appuntamento' }).click();
  await nutritionist.getByRole('option', { name: 'Visita Nutrizionale' }).click();
  await expect(create.getByLabel('Prezzo')).toHaveValue(/^55\s€$/);
  await pickDateTime(nutritionist, create.getByRole('button', { name: 'Data e ora' }), visitDay, '17:05');
  await expect(create.getByRole('button', { name: 'Data e ora' })).toContainText(
    `${italianDate(visitDay)} 17:05`,
  );
  await create.getByRole('button', { name: 'Crea appuntamento' }).click();
  const created = nutritionist.getByText('Appuntamento creato con successo');
  const taken = nutritionist.getByText(bookingTexts.slotTaken);
  await expect(created.or(taken)).toBeVisible();
  expect(await taken.count(), 'the demo nutritionist’s 17:05 must be free on a fresh stack').toBe(0);
  await nutritionist.context().close();

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

  // Issue 7: paying asks first for the billing data, then (the demo nutritionist can invoice) for the
  // privacy contracts, then the local checkout page takes Stripe's test card.
  await page.getByRole('button', { name: /^Paga 55/ }).click();
  await fillMissingBillingData(page, {
    name: PATIENT.name,
    codiceFiscale: 'RSSGLI92M52H501X',
    address: 'Via Nazionale 20',
    postalCode: '00184',
  });
  await acceptPrivacyContracts(page);
  await expect(page).toHaveURL(/\/Patients\/Checkout\?session_id=/);
  await page.getByLabel('Numero della carta').fill('4242424242424242');
  await page.getByRole('button', { name: /^Paga 55/ }).click();
  await expect(
    page.getByRole('heading', { name: /^Pagamento ricevuto, appuntamento del .* è confermato!$/ }),
  ).toBeVisible();
  await page.goto(bookingUrl);
  await expect(page.getByText('Confermato').first()).toBeVisible();

  // The chat with the nutritionist shows the payment message.
  await page.goto('/Chat');
  await expect(page.getByText('Pagamento completato').first()).toBeVisible();
  await expectNoSeriousViolations(page);
});
