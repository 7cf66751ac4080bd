/**
 * The payment journey: a fresh patient with a paid visit awaiting payment presses "Paga", is
 * asked for billing data, then (their nutritionist can invoice) for the privacy contracts, pays on the
 * local checkout page (no Stripe key locally) after a declined card, lands on the success page and sees the
 * booking confirmed; the chat holds the payment message.
 */
import { expect, test } from '@playwright/test';
import { BookingStatus, parseMessageAttributes, paymentTexts, BookingType } from '@nutri/shared';
import { api } from '../integration/support/api';
import { addAvailability, bookVisitFor, romeDateIn } from '../integration/support/visits';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/sign-in';
import { invoicingNutritionistWithPatient } from '../support/nutritionist-pair';
import { acceptPrivacyContracts, fillMissingBillingData } from '../support/payment-ui';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;
// The success page also names the time ('… del 30/11/2026 alle 16:00 è confermato!').
const CONFIRMED = /Pagamento ricevuto, appuntamento del \d{2}\/\d{2}\/\d{4}.* è confermato!/;

/** A nutritionist who can invoice, a patient without the privacy contracts and a visit awaiting payment. */
const setUp = async () => {
  const { nutritionist, patient } = await invoicingNutritionistWithPatient('Elena Galli');
  const date = romeDateIn(9);
  await addAvailability(nutritionist, date, '15:00', '18:00');
  const booking = await bookVisitFor(nutritionist, patient.id, BookingType.NORMAL, `${date}T16:00`);
  expect(booking.BookingStatusId).toBe(BookingStatus.WAITINGFORPAYMENT);
  return { nutritionist, patient, booking };
};

test('a patient gives billing data, accepts the privacy contracts, pays by card and is confirmed @once', async ({
  page,
}, testInfo) => {
  // Four pages and two dialogs in one journey: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  const { nutritionist, patient, booking } = await setUp();
  await signIn(page, patient.email, patient.password, { url: /\/Patients$|\/$/ });
  await page.goto(`/Patients/Agenda/${booking.BookingId}`);

  const pay = page.getByRole('button', { name: /^Paga 55/ });
  await pay.click();

  // 1. No billing profile yet: the billing dialog, then the payment goes on by itself.
  await fillMissingBillingData(page, {
    name: 'Elena Galli',
    codiceFiscale: 'RSSMRA85T10A562S',
    address: 'Via dei Mille 12',
    postalCode: '00185',
  });

  // 2. The nutritionist can invoice and the contracts are not accepted: the contracts dialog.
  await acceptPrivacyContracts(page);

  // 3. The local checkout page: a declined card first, then Stripe's test card that pays.
  await expect(page).toHaveURL(/\/Patients\/Checkout\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { name: /^55/ })).toBeVisible();
  const card = page.getByLabel('Numero della carta');
  await card.fill('4000000000000002');
  await expect(card).toHaveValue('4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Paga 55/ }).click();
  await expect(page.getByText(paymentTexts.cardDeclined)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/local-checkout-${testInfo.project.name}.png` });
  await card.fill('4242424242424242');
  await page.getByRole('button', { name: /^Paga 55/ }).click();

  // 4. Back on the success page, confirmed.
  await expect(page).toHaveURL(new RegExp(`/Patients/Agenda/${booking.BookingId}/Success\\?session_id=`));
  await expect(page.getByRole('heading', { name: CONFIRMED })).toBeVisible();
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/payment-success-${testInfo.project.name}.png` });

  // The booking page shows the payment and the visit's two invoices.
  await page.getByRole('link', { name: 'Vai all’appuntamento' }).click();
  const paidSection = page.getByRole('region', { name: 'Pagamento e fatture' });
  await expect(paidSection).toBeVisible();
  await expect(paidSection.getByRole('listitem')).toHaveCount(2);
  await expect(paidSection.getByText(/^Fattura N-\d{4}-\d{6}$/)).toBeVisible();
  await expect(paidSection.getByText(/^Fattura S-\d{4}-\d{6}$/)).toBeVisible();
  if (SCREENSHOTS)
    await page.screenshot({
      path: `${SCREENSHOTS}/paid-booking-${testInfo.project.name}.png`,
      fullPage: true,
    });

  const view = await api<{ BookingStatusId: number }>('GET', `CurrentPatient/Bookings/${booking.BookingId}`, {
    token: patient.token,
  });
  expect(view.body.BookingStatusId).toBe(BookingStatus.BOOKED);
  const profile = await api<{ PrivacyContractSigned: boolean }>('GET', 'CurrentPatient/Profile', {
    token: patient.token,
  });
  expect(profile.body.PrivacyContractSigned).toBe(true);
  // The chat of the pair holds the payment message (docs/product.md#data, PaymentCompleted).
  const { conversationSidFor, listMessages } = await import('../../functions/src/chat/chat-repo');
  const messages = await listMessages(conversationSidFor(patient.id, nutritionist.id), { limit: 50 });
  expect(
    messages.filter((m) => parseMessageAttributes(m.Attributes).MessageType === 'PaymentCompleted'),
  ).toHaveLength(1);
});
