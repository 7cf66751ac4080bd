/**
 * The nutritionist's area on the local stack, each test with a fresh nutritionist and patients so
 * it holds whatever else the shared stack contains: availability in the calendar and the home's warning
 * below 4 intervals; a paid visit created through the dialog (patient picker, read-only duration and price,
 * date-time picker), seen on the home and on the bookings page with its filters, moved (and refused with
 * the server's message when the time is taken), cancelled with a reason; a plan hand-over completed;
 * reminders added, edited inline (Ctrl+Enter, Esc), checked and deleted, with the bell's count; another
 * nutritionist's booking and patient read as not found. axe checks every page.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { BookingStatus, BookingType, bookingTexts } from '@nutri/shared';
import {
  dayIn,
  expectNoSeriousViolations,
  italianDate,
  pickDateTime,
  weekdayLabel,
} from '../support/booking-ui';
import { dayColumn, showDay } from '../support/calendar-ui';
import { signIn } from '../support/sign-in';
import { api, login } from '../integration/support/api';
import {
  PASSWORD,
  bookStartedVisit,
  createNutritionist as newNutritionist,
  createPatientOf,
} from '../integration/support/visits';

/** A patient of the nutritionist, at onboarding step 1, with a name unique to this test. */
const newPatient = async (nutritionistUserId: string, firstName: string) => {
  const patient = await createPatientOf(nutritionistUserId, `${firstName} Test${randomUUID().slice(0, 6)}`);
  return { id: patient.id, displayName: patient.name };
};

/** Adds an availability interval to a day of the calendar page, with the day's dialog. */
const addInterval = async (page: Page, date: string, start: string, end: string) => {
  await showDay(page, date);
  await page.getByRole('button', { name: `Aggiungi un intervallo a ${weekdayLabel(date)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Disponibilità di ${weekdayLabel(date)}` });
  await dialog.getByLabel('Dalle', { exact: true }).selectOption(start);
  await dialog.getByLabel('Alle', { exact: true }).selectOption(end);
  await dialog.getByRole('button', { name: 'Aggiungi intervallo' }).click();
  return dialog;
};

test.describe('nutritionist area', () => {
  test('availability, a paid visit created, moved and cancelled, a plan hand-over completed', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id, 'Ortensia');
    await signIn(page, nutritionist.email, PASSWORD, { heading: /Buon lavoro/ });

    // No availability yet: the home warns and leads to the calendar.
    const warning = page.getByRole('status').filter({ hasText: 'Poca disponibilità nei prossimi 7 giorni' });
    await expect(warning).toBeVisible();
    await expect(page.getByText('Nessun appuntamento da gestire nei prossimi 3 giorni.')).toBeVisible();
    await expectNoSeriousViolations(page);
    await warning.getByRole('link', { name: 'Aggiungi disponibilità' }).click();
    await expect(page).toHaveURL(/\/AreaNutritionists\/Calendar$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Calendario disponibilità' })).toBeVisible();
    // A week (desktop) or a day (phone) at a time; patients see the next 7 days.
    await showDay(page, dayIn(7));
    await expect(dayColumn(page, dayIn(7))).toBeVisible();
    await expect(page.getByText('0 intervalli nei prossimi 7 giorni')).toBeVisible();

    // Four intervals (a start after the end and an overlap are refused on the way).
    const refused = await addInterval(page, dayIn(1), '12:00', '09:00');
    await expect(refused.getByRole('alert')).toHaveText(bookingTexts.intervalOrder);
    await refused.getByLabel('Dalle', { exact: true }).selectOption('09:00');
    await refused.getByLabel('Alle', { exact: true }).selectOption('12:30');
    await refused.getByRole('button', { name: 'Aggiungi intervallo' }).click();
    await expect(refused).toBeHidden();
    await expect(dayColumn(page, dayIn(1)).getByText('09:00–12:30')).toBeVisible();
    const overlapping = await addInterval(page, dayIn(1), '12:00', '13:00');
    await expect(overlapping.getByRole('alert')).toHaveText(bookingTexts.intervalOverlap);
    await overlapping.getByRole('button', { name: 'Annulla' }).click();
    for (const offset of [2, 3, 4]) {
      const dialog = await addInterval(page, dayIn(offset), '15:00', '18:00');
      await expect(dialog).toBeHidden();
      await expect(dayColumn(page, dayIn(offset)).getByText('15:00–18:00')).toBeVisible();
    }
    await expect(page.getByText('4 intervalli nei prossimi 7 giorni.')).toBeVisible();
    await expectNoSeriousViolations(page);

    // With 4 intervals the home has no warning; with 3 it warns again.
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Prossimi appuntamenti' })).toBeVisible();
    await expect(warning).toHaveCount(0);
    await page.getByRole('link', { name: 'Calendario', exact: true }).click();
    await showDay(page, dayIn(4));
    await page
      .getByRole('button', { name: `Elimina l’intervallo 15:00–18:00 di ${weekdayLabel(dayIn(4))}` })
      .click();
    await expect(dayColumn(page, dayIn(4)).getByText('Nessuna disponibilità')).toBeVisible();
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('Hai solo 3 intervalli');

    // A paid visit for the own patient through the dialog.
    await page.getByRole('button', { name: 'Nuovo appuntamento' }).click();
    const create = page.getByRole('dialog', { name: 'Nuovo appuntamento' });
    await create.getByRole('button', { name: 'Crea appuntamento' }).click();
    await expect(create.getByText('Scegli il paziente.')).toBeVisible();
    await expect(create.getByText('Scegli la data e l’ora.')).toBeVisible();
    await create.getByRole('combobox', { name: 'Paziente' }).fill('Ortensia');
    await page.getByRole('option', { name: patient.displayName }).click();
    await create.getByRole('combobox', { name: 'Tipo di appuntamento' }).click();
    await page.getByRole('option', { name: 'Visita Nutrizionale' }).click();
    await expect(create.getByLabel('Durata')).toHaveValue('50 minuti');
    await expect(create.getByLabel('Prezzo')).toHaveValue(/^55\s€$/);
    const visitDay = dayIn(2);
    // Esc closes the picker and leaves the dialog open.
    await create.getByRole('button', { name: 'Data e ora' }).click();
    await expect(page.getByRole('group', { name: 'Scegli la data' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('group', { name: 'Scegli la data' })).toBeHidden();
    await expect(create).toBeVisible();
    await pickDateTime(page, create.getByRole('button', { name: 'Data e ora' }), visitDay, '10:30', {
      checkAccessibility: true,
    });
    await expect(create.getByRole('button', { name: 'Data e ora' })).toContainText(
      `${italianDate(visitDay)} 10:30`,
    );
    await expectNoSeriousViolations(page);
    await create.getByRole('button', { name: 'Crea appuntamento' }).click();
    await expect(page.getByText('Appuntamento creato con successo')).toBeVisible();
    await expect(create).toBeHidden();

    // On the home, awaiting payment.
    const upcoming = page.getByRole('list', { name: 'Prossimi appuntamenti' });
    const card = upcoming.getByRole('article').filter({ hasText: patient.displayName });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('In attesa di pagamento')).toBeVisible();
    await expect(card.getByText('10:30–11:20 · 50 minuti')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Completa' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Chat' })).toHaveAttribute(
      'href',
      `/Chat?UserId=${patient.id}`,
    );
    await expectNoSeriousViolations(page);

    // On the bookings page, with the status filter.
    await page.getByRole('link', { name: 'Appuntamenti', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Appuntamenti' })).toBeVisible();
    const listed = page.getByRole('article').filter({ hasText: patient.displayName });
    await expect(listed).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Stato' }).click();
    await page.getByRole('option', { name: 'Completato' }).click();
    await expect(page).toHaveURL(new RegExp(`status=${BookingStatus.COMPLETE}`));
    await expect(page.getByText('Nessun appuntamento con questi filtri.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Stato' }).click();
    await page.getByRole('option', { name: 'In attesa di pagamento' }).click();
    await expect(listed).toHaveCount(1);
    await expectNoSeriousViolations(page);

    // Moved to 11:00 (confirmed first with the spec's text).
    await listed.getByRole('button', { name: 'Modifica data' }).click();
    const modify = page.getByRole('dialog', { name: 'Modifica data e ora' });
    await pickDateTime(page, modify.getByRole('button', { name: 'Nuova data e ora' }), visitDay, '11:00');
    await modify.getByRole('button', { name: 'Modifica' }).click();
    await expect(modify.getByText("Sei sicuro di voler modificare la data dell'appuntamento?")).toBeVisible();
    await modify.getByRole('button', { name: 'Sì, modifica' }).click();
    await expect(page.getByText('Appuntamento modificato con successo')).toBeVisible();
    await expect(listed.getByText('11:00–11:50 · 50 minuti')).toBeVisible();

    // A time taken meanwhile (another booking at 12:00) is refused with the server's message.
    const token = (await login(nutritionist.email, PASSWORD)).accessToken;
    const other = await newPatient(nutritionist.id, 'Gelsomina');
    const taken = await api('POST', 'CurrentNutritionist/Bookings', {
      token,
      body: {
        PatientUserId: other.id,
        NutritionistUserId: nutritionist.id,
        BookingTypeId: BookingType.MEALPLAN,
        BookingTime: `${visitDay}T12:00`,
      },
    });
    expect(taken.status).toBe(201);
    await listed.getByRole('button', { name: 'Modifica data' }).click();
    await pickDateTime(page, modify.getByRole('button', { name: 'Nuova data e ora' }), visitDay, '12:00');
    await modify.getByRole('button', { name: 'Modifica' }).click();
    await modify.getByRole('button', { name: 'Sì, modifica' }).click();
    await expect(modify.getByRole('alert')).toHaveText(bookingTexts.slotTaken);
    await modify.getByRole('button', { name: 'Annulla' }).click();
    await expect(listed.getByText('11:00–11:50 · 50 minuti')).toBeVisible();

    // Cancelled with a reason ('patient absent' is only for free meetings).
    await listed.getByRole('button', { name: 'Annulla' }).click();
    const cancel = page.getByRole('dialog', { name: 'Annulla appuntamento' });
    await expect(cancel.getByRole('radio', { name: 'Paziente assente' })).toHaveCount(0);
    await cancel.getByRole('button', { name: 'Annulla l’appuntamento' }).click();
    await expect(cancel.getByText('Scegli il motivo dell’annullamento.')).toBeVisible();
    await cancel.getByRole('radio', { name: 'Scelta del paziente' }).check();
    await expectNoSeriousViolations(page);
    await cancel.getByRole('button', { name: 'Annulla l’appuntamento' }).click();
    await expect(cancel.getByText('Vuoi davvero annullare l’appuntamento?')).toBeVisible();
    await cancel.getByRole('button', { name: 'Sì, annulla' }).click();
    await expect(page.getByText('Appuntamento annullato con successo')).toBeVisible();
    // The status filter (awaiting payment) no longer lists it; without filters it shows as cancelled.
    await expect(listed).toHaveCount(0);
    await page.getByRole('button', { name: 'Azzera i filtri' }).click();
    await expect(listed.getByText('Annullato', { exact: true })).toBeVisible();
    await expect(listed.getByText('Scelta del paziente')).toBeVisible();
    await expect(listed.getByRole('button', { name: 'Modifica data' })).toHaveCount(0);
    await expect(listed.getByRole('button', { name: 'Annulla' })).toHaveCount(0);

    // The booking's own page, then a meal-plan hand-over (BOOKED): not offered for completion before it
    // starts, completed after confirmation once it has started.
    await listed.getByRole('link', { name: /^Dettagli/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Appuntamento n\. \d+$/ })).toBeVisible();
    await expectNoSeriousViolations(page);
    const handOverId = (taken.body as { BookingId: number }).BookingId;
    await page.goto(`/AreaNutritionists/Bookings/${handOverId}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Appuntamento n. ${handOverId}` }),
    ).toBeVisible();
    await expect(page.getByRole('article').getByText('Confermato', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Completa' })).toHaveCount(0);
    const started = await bookStartedVisit({ id: nutritionist.id, token }, other.id, BookingType.MEALPLAN);
    await page.goto(`/AreaNutritionists/Bookings/${started.BookingId}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Appuntamento n. ${started.BookingId}` }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Completa' }).click();
    const completeDialog = page.getByRole('dialog', { name: 'Completa appuntamento' });
    await expect(completeDialog.getByText("Sei sicuro di voler completare l'appuntamento?")).toBeVisible();
    await completeDialog.getByRole('button', { name: 'Sì, completa' }).click();
    await expect(page.getByText('Appuntamento completato')).toBeVisible();
    await expect(page.getByRole('article').getByText('Completato', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Completa' })).toHaveCount(0);
  });

  test('reminders: add, edit inline, check, delete, and the bell', async ({ page }) => {
    test.setTimeout(120_000);
    const nutritionist = await newNutritionist();
    const patient = await newPatient(nutritionist.id, 'Violetta');
    await signIn(page, nutritionist.email, PASSWORD, { heading: /Buon lavoro/ });

    const bell = page.getByRole('button', { name: /^Promemoria:/ });
    await expect(bell).toHaveAccessibleName('Promemoria: nessuno in scadenza');
    const reminders = page.getByRole('region', { name: 'Promemoria' });
    await reminders.getByRole('button', { name: 'Aggiungi' }).click();
    await expect(reminders.getByText('Scegli il paziente.')).toBeVisible();
    await reminders.getByRole('combobox', { name: 'Paziente' }).fill('Violetta');
    await page.getByRole('option', { name: patient.displayName }).click();
    await reminders.getByLabel('Nuovo promemoria').fill('Chiedere il diario alimentare');
    await reminders.getByRole('button', { name: 'Aggiungi' }).click();
    const todo = reminders.getByRole('list', { name: 'Promemoria da fare' });
    await expect(todo.getByText('Chiedere il diario alimentare')).toBeVisible();
    await expect(todo.getByRole('link', { name: patient.displayName, exact: true })).toBeVisible();
    await expect(bell).toHaveAccessibleName('Promemoria: 1 in scadenza');
    await expectNoSeriousViolations(page);

    // Inline edit: Esc leaves the text as it was, Ctrl+Enter saves.
    await todo.getByRole('button', { name: 'Modifica il promemoria: Chiedere il diario alimentare' }).click();
    const editor = todo.getByRole('textbox', { name: 'Testo del promemoria' });
    await editor.fill('Testo da scartare');
    await editor.press('Escape');
    await expect(todo.getByText('Chiedere il diario alimentare')).toBeVisible();
    await todo.getByRole('button', { name: 'Modifica il promemoria: Chiedere il diario alimentare' }).click();
    await editor.fill('Chiedere il diario alimentare di 7 giorni');
    await editor.press('Control+Enter');
    await expect(editor).toBeHidden();
    await page.reload();
    await expect(todo.getByText('Chiedere il diario alimentare di 7 giorni')).toBeVisible();

    // The bell lists it.
    await bell.click();
    const bellList = page.getByRole('dialog');
    await expect(bellList.getByText('Chiedere il diario alimentare di 7 giorni')).toBeVisible();
    await page.keyboard.press('Escape');

    // Checked: hidden under the completed ones until expanded; the bell counts it no more.
    await todo
      .getByRole('checkbox', { name: 'Completato: Chiedere il diario alimentare di 7 giorni' })
      .click();
    await expect(reminders.getByText('Nessun promemoria in scadenza nei prossimi 3 giorni.')).toBeVisible();
    const expand = reminders.getByRole('button', { name: 'Mostra completati (1)' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expand.click();
    const done = reminders.getByRole('list', { name: 'Promemoria completati' });
    await expect(done.getByText('Chiedere il diario alimentare di 7 giorni')).toBeVisible();
    await expect(bell).toHaveAccessibleName('Promemoria: nessuno in scadenza');

    // On the patient's page, every reminder about them; deleted there.
    await page.goto(`/AreaNutritionists/Bookings/Patient/${patient.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Appuntamenti di ${patient.displayName}` }),
    ).toBeVisible();
    const patientReminders = page.getByRole('region', { name: 'Promemoria' });
    await patientReminders.getByRole('button', { name: 'Mostra completati (1)' }).click();
    await patientReminders
      .getByRole('button', { name: 'Elimina il promemoria: Chiedere il diario alimentare di 7 giorni' })
      .click();
    await expect(patientReminders.getByText('Chiedere il diario alimentare di 7 giorni')).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });

  test('another nutritionist’s booking and patient read as not found', async ({ page }) => {
    test.setTimeout(90_000);
    const nutritionist = await newNutritionist();
    const own = await newPatient(nutritionist.id, 'Camelia');
    const stranger = await newNutritionist();
    const strangersPatient = await newPatient(stranger.id, 'Azalea');
    const token = (await login(stranger.email, PASSWORD)).accessToken;
    const booking = await api<{ BookingId: number }>('POST', 'CurrentNutritionist/Bookings', {
      token,
      body: {
        PatientUserId: strangersPatient.id,
        NutritionistUserId: stranger.id,
        BookingTypeId: BookingType.MEALPLAN,
        BookingTime: `${dayIn(3)}T09:00`,
      },
    });
    expect(booking.status).toBe(201);

    await signIn(page, nutritionist.email, PASSWORD, { heading: /Buon lavoro/ });
    const answer = page.waitForResponse((response) =>
      response.url().endsWith(`/api/v2/CurrentNutritionist/Bookings/${booking.body.BookingId}`),
    );
    await page.goto(`/AreaNutritionists/Bookings/${booking.body.BookingId}`);
    expect((await answer).status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Appuntamento non trovato' })).toBeVisible();
    await expect(page.getByText(strangersPatient.displayName)).toHaveCount(0);
    await expectNoSeriousViolations(page);

    await page.goto(`/AreaNutritionists/Bookings/Patient/${strangersPatient.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Paziente non trovato' })).toBeVisible();

    // The own patient's page, reached from the patients list (search by name).
    await page.goto('/AreaNutritionists/Patients');
    await page.getByRole('searchbox', { name: 'Cerca per nome' }).fill('Camel');
    await page.getByRole('link', { name: own.displayName, exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Appuntamenti di ${own.displayName}` }),
    ).toBeVisible();
    await expect(page.getByText('Nessun appuntamento con questo paziente.')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
