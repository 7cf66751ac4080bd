/**
 * /Admin/Bookings (docs/product.md#back-office-bookings): a user holding only BusinessAdmin, created here,
 * narrows real bookings with each filter, opens one, and sends the payment link again, moves, cancels and
 * completes bookings, each confirmed with a reason and shown at once in the history and the audit trail;
 * the demo admin filters by status and finds a patient through the back-office search; a patient and a
 * nutritionist are turned away (NotInRole).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { BookingType } from '@nutri/shared';
import { createTestUser } from '../integration/support/api';
import {
  PASSWORD,
  bookStartedVisit,
  bookVisitFor,
  createNutritionist,
  createPatientOf,
  romeDateIn,
} from '../integration/support/visits';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;
const REASON = 'Il paziente ha chiamato il supporto';
const DIALOG_TITLES: Record<string, string> = {
  Annulla: 'Annulla l’appuntamento',
  Sposta: 'Sposta l’appuntamento',
  Completa: 'Segna come completato',
  'Invia link di pagamento': 'Invia di nuovo il link di pagamento',
};

const openBookings = async (page: Page) => {
  await page.goto('/Admin/Bookings');
  // The admin area's chunk loads on first use: longer than a page's own wait on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Appuntamenti' })).toBeVisible({
    timeout: 30_000,
  });
  // On a phone the filters are folded away behind a button.
  const showFilters = page.getByRole('button', { name: 'Mostra i filtri' });
  if (await showFilters.isVisible()) await showFilters.click();
  await expect(page.getByRole('combobox', { name: 'Stato' })).toBeVisible();
};

const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

// The nutritionist filter searches the server by the start of the name: type it, then pick it.
const chooseNutritionist = async (page: Page, name: string) => {
  await page.getByRole('combobox', { name: 'Nutrizionista' }).fill(name);
  await page.getByRole('option', { name, exact: true }).click();
};

const cards = (page: Page) =>
  page.getByRole('region', { name: 'Elenco degli appuntamenti' }).getByRole('listitem');

const act = async (
  page: Page,
  button: string,
  fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG_TITLES[button] });
  if (fill) await fill(dialog);
  await dialog.getByLabel(/^Motivo \(resta/).fill(REASON);
  await dialog.getByRole('button', { name: 'Continua' }).click();
  await dialog.getByRole('button', { name: 'Sì, conferma' }).click();
  await expect(dialog).toHaveCount(0);
};

test('a BusinessAdmin filters every booking, acts on them and sees each action in the history', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 4);
  const nutritionist = await createNutritionist();
  const other = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, `Ilaria Prenota${tag}`);
  const othersPatient = await createPatientOf(other.id, `Oreste Altro${tag}`);
  const intro = await bookVisitFor(nutritionist, patient.id, BookingType.FREE, `${romeDateIn(5)}T09:00`);
  const visit = await bookVisitFor(nutritionist, patient.id, BookingType.NORMAL, `${romeDateIn(6)}T10:00`);
  await bookVisitFor(other, othersPatient.id, BookingType.NORMAL, `${romeDateIn(6)}T10:00`);
  const started = await bookStartedVisit(nutritionist, patient.id, BookingType.MEALPLAN);
  const admin = await createTestUser(['BusinessAdmin']);

  await signIn(page, admin.email, admin.password);
  await openBookings(page);

  // Each filter changes what is listed.
  await chooseNutritionist(page, nutritionist.displayName);
  await expect(cards(page)).toHaveCount(3);
  await choose(page, 'Stato', 'In attesa di pagamento');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(`n. ${visit.BookingId}`);
  await choose(page, 'Stato', 'Confermato');
  await expect(cards(page)).toHaveCount(2);
  await choose(page, 'Tipo', 'Incontro Conoscitivo');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(`n. ${intro.BookingId}`);
  // A fresh page clears every filter.
  await openBookings(page);
  await chooseNutritionist(page, nutritionist.displayName);
  await expect(cards(page)).toHaveCount(3);
  await page.getByRole('radiogroup', { name: 'Pagamento' }).getByText('Non pagati').click();
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole('radiogroup', { name: 'Pagamento' }).getByText('Tutti').click();
  await page.getByLabel('Dal giorno', { exact: true }).fill(romeDateIn(5));
  await page.getByLabel('Al giorno', { exact: true }).fill(romeDateIn(5));
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(`n. ${intro.BookingId}`);
  await page.getByLabel('Dal giorno', { exact: true }).fill('');
  await page.getByLabel('Al giorno', { exact: true }).fill('');
  await expect(cards(page)).toHaveCount(3);
  // The patient picker searches every patient (name, e-mail, phone or codice fiscale).
  await page.getByRole('combobox', { name: 'Paziente' }).fill(`Altro${tag}`);
  await page.getByRole('option', { name: new RegExp(`Oreste Altro${tag}`) }).click();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText('Nessun appuntamento con questi filtri.')).toBeVisible();
  await openBookings(page);
  await chooseNutritionist(page, nutritionist.displayName);
  await expect(cards(page)).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);
  // A phone folds the filters away again and shows how many are set.
  const hideFilters = page.getByRole('button', { name: 'Nascondi i filtri' });
  if (await hideFilters.isVisible()) {
    await hideFilters.click();
    await expect(page.getByRole('region', { name: 'Filtri' })).toContainText('1 filtro attivo');
    expect(await seriousViolations(page)).toEqual([]);
  }
  if (SCREENSHOTS)
    await page.screenshot({
      path: `${SCREENSHOTS}/admin-bookings-${testInfo.project.name}.png`,
      fullPage: true,
    });

  // Send the payment link again: confirmed with a reason, then in the history and the audit trail.
  await page.getByRole('button', { name: new RegExp(`n\\. ${visit.BookingId} di`) }).click();
  const drawer = page.getByRole('dialog', { name: `Appuntamento n. ${visit.BookingId}` });
  await expect(drawer.getByRole('heading', { name: 'Storico' })).toBeVisible();
  await expect(drawer.getByText('Appuntamento creato')).toBeVisible();
  await act(page, 'Invia link di pagamento');
  await expect(drawer.getByText('Link di pagamento inviato di nuovo')).toBeVisible();
  await expect(drawer.getByText(`Motivo: ${REASON}`)).toBeVisible();
  await expect(drawer.getByText(/· Link di pagamento inviato ·/)).toBeVisible();
  await act(page, 'Sposta', async (dialog) => {
    await dialog.getByLabel('Nuova data e ora (ora italiana)').fill(`${romeDateIn(7)}T11:30`);
  });
  await expect(drawer.getByText('Appuntamento spostato')).toBeVisible();
  await expect(drawer.getByText(/· Spostamento ·/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/admin-booking-detail-${testInfo.project.name}.png` });
  await page.getByRole('button', { name: 'Chiudi il dettaglio' }).click();

  // Cancel the introductory meeting with a reason.
  await page.getByRole('button', { name: new RegExp(`n\\. ${intro.BookingId} di`) }).click();
  const introDrawer = page.getByRole('dialog', { name: `Appuntamento n. ${intro.BookingId}` });
  await act(page, 'Annulla', async (dialog) => {
    await dialog.getByRole('combobox', { name: 'Motivo dell’annullamento' }).click();
    await page.getByRole('option', { name: 'Scelta del nutrizionista' }).click();
  });
  await expect(introDrawer.getByText('Appuntamento annullato', { exact: true })).toBeVisible();
  await expect(introDrawer.getByText(/· Annullamento ·/)).toBeVisible();
  await page.getByRole('button', { name: 'Chiudi il dettaglio' }).click();
  await expect(
    cards(page)
      .filter({ hasText: `n. ${intro.BookingId}` })
      .getByText('Annullato', { exact: true }),
  ).toBeVisible();

  // Mark the started visit completed.
  await page.getByRole('button', { name: new RegExp(`n\\. ${started.BookingId} di`) }).click();
  const startedDrawer = page.getByRole('dialog', { name: `Appuntamento n. ${started.BookingId}` });
  await act(page, 'Completa');
  await expect(startedDrawer.getByText('Appuntamento completato')).toBeVisible();
  await expect(startedDrawer.getByText(/· Segnato come completato ·/)).toBeVisible();
});

test('the demo admin filters by status and finds a patient with the back-office search', async ({ page }) => {
  test.setTimeout(90_000);
  const nutritionist = await createNutritionist();
  const tag = randomUUID().slice(0, 4);
  const patient = await createPatientOf(nutritionist.id, `Demetra Cerca${tag}`);
  const visit = await bookVisitFor(nutritionist, patient.id, BookingType.NORMAL, `${romeDateIn(9)}T10:00`);
  await signIn(page, 'admin@nutri.local', 'Admin1234!');
  await openBookings(page);
  await choose(page, 'Stato', 'In attesa di pagamento');
  // Every awaiting booking of the stack's data: a longer page to wait for on a busy machine.
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(cards(page).getByText('Confermato', { exact: true })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Paziente' }).fill(patient.email.slice(0, 14));
  await page.getByRole('option', { name: new RegExp(`Demetra Cerca${tag}`) }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(`n. ${visit.BookingId}`);
});

test('a patient and a nutritionist cannot open the back-office bookings', async ({ page }) => {
  const nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, 'Nadia Vietata');
  for (const email of [patient.email, nutritionist.email]) {
    await page.context().clearCookies();
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await signIn(page, email, PASSWORD);
    await page.goto('/Admin/Bookings');
    await expect(page).toHaveURL(/\/Login\?.*reason=NotInRole/);
    await expect(page.getByRole('heading', { name: 'Appuntamenti', level: 1 })).toHaveCount(0);
  }
});
