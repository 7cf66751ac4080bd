/**
 * The payment test page (docs/product.md#screens, Patient role: "A payment test page and /Patients/Checkout"): a
 * patient pays the 1 EUR test amount on the local checkout page (no Stripe key locally), comes back to the
 * page, sees the payment succeed and the automatic refund confirmed; their visit awaiting payment is
 * untouched.
 */
import { expect, test } from '@playwright/test';
import { BookingStatus, paymentTexts } from '@nutri/shared';
import { api } from '../integration/support/api';
import { bookFollowUp, PASSWORD } from '../integration/support/visits';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/booking-ui';
import { nutritionistWithPatient } from '../support/nutritionist-pair';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;

test('a patient makes a test payment, sees it succeed and refunded, and no booking changes', async ({
  page,
}, testInfo) => {
  // A booking to prove untouched, two checkout pages and two axe runs: more than the default 30 s.
  test.setTimeout(90_000);
  const { nutritionist, patient } = await nutritionistWithPatient('Tea Prova');
  const booking = await bookFollowUp(nutritionist, patient.id, 9, {
    from: '15:00',
    at: '16:00',
    to: '17:00',
  });

  await signIn(page, patient.email, PASSWORD);
  await page.goto('/Patients/TestPayment');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento di prova' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/test-payment-start-${testInfo.project.name}.png` });
  await page.getByRole('button', { name: /^Paga 1\s€/ }).click();

  // The same local checkout page as visits, for the test amount and no appointment.
  await expect(page).toHaveURL(/\/Patients\/Checkout\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { name: /^1\s€$/ })).toBeVisible();
  await expect(page.getByText(/^Pagamento di prova/)).toBeVisible();
  const card = page.getByLabel('Numero della carta');
  await card.fill('4000000000000002');
  await page.getByRole('button', { name: /^Paga 1\s€/ }).click();
  await expect(page.getByText(paymentTexts.cardDeclined)).toBeVisible();
  await card.fill('4242424242424242');
  await page.getByRole('button', { name: /^Paga 1\s€/ }).click();

  await expect(page).toHaveURL(/\/Patients\/TestPayment\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { name: 'Pagamento di prova riuscito' })).toBeVisible();
  await expect(page.getByText('Rimborso completo effettuato sulla carta usata.')).toBeVisible({
    timeout: 15_000,
  });
  expect(await seriousViolations(page)).toEqual([]);
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/test-payment-done-${testInfo.project.name}.png` });

  const view = await api<{ BookingStatusId: number; PaidAt: string | null }>(
    'GET',
    `CurrentPatient/Bookings/${booking.BookingId}`,
    { token: patient.token },
  );
  expect(view.body).toMatchObject({ BookingStatusId: BookingStatus.WAITINGFORPAYMENT, PaidAt: null });
});
