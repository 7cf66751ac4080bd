/**
 * The product on the address `npm start` prints, http://localhost:PORT: every image of the public pages
 * loads (the API must name images on that same origin, or the CSP's img-src 'self' refuses them), a patient
 * pays a visit through the local checkout and comes back still signed in (the session is kept per origin),
 * and the chat loads its runtime configuration without a failed request or a console error.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BookingStatus, BookingType } from '@nutri/shared';
import { api } from '../integration/support/api';
import { addAvailability, bookVisitFor, PASSWORD, romeDateIn } from '../integration/support/visits';
import { openBlogWithCover } from '../support/blog-ui';
import { signIn } from '../support/booking-ui';
import { nutritionistWithPatient } from '../support/nutritionist-pair';
import { fillMissingBillingData } from '../support/payment-ui';

/** The name `npm start` prints, whatever address the harness was handed: the test opens that one. */
const printedAddress = (baseURL: string | undefined) => {
  if (!baseURL) throw new Error('No base URL: run through scripts/with-stack.mjs or npm test.');
  const url = new URL(baseURL);
  url.hostname = 'localhost';
  return url.origin;
};

test.use({ baseURL: async ({ baseURL }, use) => use(printedAddress(baseURL)) });

/** Console errors, uncaught exceptions, and requests that failed or were answered 4xx/5xx. */
const watchProblems = (page: Page) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // Chunks the previous page was still fetching are cancelled by the navigation: not a failure.
    if (reason !== 'net::ERR_ABORTED') problems.push(`failed: ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  return problems;
};

/** Every visible image in `scope` (at least one) is decoded: brought into view first, as many are lazy. */
const expectImagesLoaded = async (scope: Locator) => {
  const images = scope.locator('img').filter({ visible: true });
  const count = await images.count();
  expect(count, 'images on the page').toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const image = images.nth(index);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(
        () => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)),
        {
          message: `${(await image.getAttribute('src')) ?? 'img'} is decoded`,
        },
      )
      .toBeGreaterThan(0);
  }
  return count;
};

const mainHeading = (page: Page) => page.getByRole('heading', { level: 1 });

test('every image of the blog, the home, the nutritionists and About loads', async ({ page }) => {
  const problems = watchProblems(page);

  await page.goto('/');
  await expect(mainHeading(page)).toHaveText(/Il nutrizionista giusto per te/);
  const blogGrid = page.getByRole('region', { name: 'Dal nostro blog' });
  await blogGrid.scrollIntoViewIfNeeded();
  await expect(blogGrid.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expectImagesLoaded(blogGrid);

  await openBlogWithCover(page);
  await expectImagesLoaded(page.getByRole('main'));

  await page.goto('/Nutritionists');
  await expect(mainHeading(page)).toHaveText('I nostri nutrizionisti');
  const cards = page.getByRole('main').getByRole('link', { name: /^Dott\.(sa)? / });
  await expect(cards.first()).toBeVisible();
  // The cards arrive a few at a time; the list is aria-busy until all are there.
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
  await expectImagesLoaded(page.getByRole('main'));

  const profile = (await cards.first().getAttribute('href'))!;
  await page.goto(profile);
  await expect(mainHeading(page)).toHaveText(/^Dott\.(sa)? \S+/);
  await expect(page.getByRole('img', { name: /^Foto di Dott/ })).toBeVisible();
  await expectImagesLoaded(page.getByRole('main'));

  await page.goto('/About');
  await expect(mainHeading(page)).toHaveText('Chi siamo');
  await expectImagesLoaded(page.getByRole('main'));

  expect(problems).toEqual([]);
});

test('a patient pays a visit on the local checkout and comes back signed in', async ({ page, baseURL }) => {
  // Setting up, signing in, the billing dialog and two page changes: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const patientName = `Marta Origine ${Date.now() % 100000}`;
  const { nutritionist, patient } = await nutritionistWithPatient(patientName);
  const date = romeDateIn(10);
  await addAvailability(nutritionist, date, '15:00', '18:00');
  const booking = await bookVisitFor(nutritionist, patient.id, BookingType.NORMAL, `${date}T16:00`);
  expect(booking.BookingStatusId).toBe(BookingStatus.WAITINGFORPAYMENT);

  await signIn(page, patient.email, PASSWORD);
  await page.goto(`/Patients/Agenda/${booking.BookingId}`);
  await page.getByRole('button', { name: /^Paga 55/ }).click();
  // No billing data yet: the dialog first, then the payment goes on to the checkout by itself.
  await fillMissingBillingData(page, {
    name: patientName,
    codiceFiscale: 'RSSMRA85T10A562S',
    address: 'Via dei Mille 12',
    postalCode: '00185',
  });

  // The checkout is on the same origin, and the patient is still signed in there.
  await expect(page).toHaveURL(/\/Patients\/Checkout\?session_id=cs_local_/);
  expect(new URL(page.url()).origin).toBe(baseURL);
  await expect(page.getByRole('heading', { name: /^55/ })).toBeVisible();
  await page.getByLabel('Numero della carta').fill('4242424242424242');
  await page.getByRole('button', { name: /^Paga 55/ }).click();

  // Back on the success page of the same origin, signed in: the booking is confirmed.
  await expect(page).toHaveURL(new RegExp(`/Patients/Agenda/${booking.BookingId}/Success\\?session_id=`));
  expect(new URL(page.url()).origin).toBe(baseURL);
  await expect(
    page.getByRole('heading', { name: /Pagamento ricevuto, appuntamento del .* è confermato!/ }),
  ).toBeVisible();
  const view = await api<{ BookingStatusId: number }>('GET', `CurrentPatient/Bookings/${booking.BookingId}`, {
    token: patient.token,
  });
  expect(view.body.BookingStatusId).toBe(BookingStatus.BOOKED);
});

test('the chat loads its runtime configuration with no failed request or console error', async ({ page }) => {
  const { patient } = await nutritionistWithPatient(`Sara Origine ${Date.now() % 100000}`);
  await signIn(page, patient.email, PASSWORD);
  const problems = watchProblems(page);
  const runtimeConfig = page.waitForResponse((response) => response.url().endsWith('/runtime-config.json'));

  await page.goto('/Chat');
  await expect(page.getByTestId('chat-connected')).toBeVisible({ timeout: 15_000 });

  expect((await runtimeConfig).status()).toBe(200);
  expect(problems).toEqual([]);
});
