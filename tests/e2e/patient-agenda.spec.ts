/**
 * The patient's bookings and reviews on the local stack, on a phone and on a
 * desktop: a fresh patient books the free introductory visit on the home (after losing a slot to someone
 * faster), finds it in the agenda and on its page, and cancels it; a visit the nutritionist completed is
 * reviewed once, approved by an admin on the moderation page and then shown on the public profile; a
 * paid visit shows its payment deadline; another patient's booking reads as not found. axe finds no
 * serious or critical violation on each screen.
 */
import { expect, test } from '@playwright/test';
import 'dayjs/locale/it.js';
import {
  ONBOARDING_STEPS,
  bookingTexts,
  inRome,
  paymentDeadline,
  reviewTexts,
  romeInstant,
  BookingType,
} from '@nutri/shared';
import { api } from '../integration/support/api';
import {
  addAvailability,
  bookVisitFor,
  completeVisit,
  createNutritionist,
  createPatientOf,
  createPublicNutritionist,
  romeDateIn,
} from '../integration/support/visits';
import { seriousViolations } from '../support/axe';
import { openAs, signIn } from '../support/booking-ui';

/** Dates as the pages write them, in Italian. */
const italian = (instant: Date) => inRome(instant).locale('it');
const longDay = (date: string) => italian(romeInstant(date, '12:00')).format('dddd D MMMM');

test.describe('patient agenda', () => {
  test('books the introductory visit on the home, finds it in the agenda and cancels it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const nutritionist = await createNutritionist();
    const day = romeDateIn(3);
    await addAvailability(nutritionist, day, '09:00', '11:00');
    const patient = await createPatientOf(nutritionist.id, 'Giulia Ferri');
    const rival = await createPatientOf(nutritionist.id, 'Marta Galli');

    await signIn(page, patient.email, patient.password);
    await expect(page.getByRole('heading', { name: ONBOARDING_STEPS[1].headline })).toBeVisible();
    const days = page.getByRole('radiogroup', { name: 'Scegli il giorno' });
    await expect(days.getByRole('radio', { name: longDay(day) })).toBeChecked();
    const times = page.getByRole('radiogroup', { name: `Scegli l’orario di ${longDay(day)}` });
    await expect(times.getByRole('radio')).toHaveCount(4);
    expect(await seriousViolations(page)).toEqual([]);

    // Someone else takes 10:00 while the page still offers it: the server's message, then what is left.
    const taken = await api('POST', 'CurrentPatient/Bookings/CreateIntroductionVisitFromCalendarSlot', {
      token: rival.token,
      body: { SelectedDate: day, SelectedTime: '10:00' },
    });
    expect(taken.status).toBe(201);
    await times.getByText('10:00').click();
    await expect(page.getByText(`${longDay(day)} alle 10:00, 30 minuti`)).toBeVisible();
    await page.getByRole('button', { name: 'Prenota l’incontro gratuito' }).click();
    await expect(page.getByRole('alert').filter({ hasText: bookingTexts.slotTaken })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // 10:00 is gone, the other half hours are still offered.
    await expect(times.getByRole('radio')).toHaveCount(3);
    await expect(times.getByRole('radio', { name: '10:00' })).toHaveCount(0);
    await times.getByText('09:00').click();
    await page.getByRole('button', { name: 'Prenota l’incontro gratuito' }).click();

    await expect(page).toHaveURL(/\/Patients\/Agenda\/\d+$/);
    const bookingUrl = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: 'Incontro Conoscitivo' })).toBeVisible();
    await expect(page.getByText(`${longDay(day)} ${day.slice(0, 4)} alle 09:00`)).toBeVisible();
    await expect(page.getByText('Confermato')).toBeVisible();
    await expect(page.getByText('09:00–09:30')).toBeVisible();
    await expect(page.getByText('30 minuti', { exact: true })).toBeVisible();
    await expect(page.getByText('Gratuito', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Videochiamata' })).toContainText('inizia alle 09:00');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'I tuoi appuntamenti' }).first().click();
    await expect(page).toHaveURL(/\/Patients\/Agenda$/);
    const agenda = page.getByRole('list', { name: 'Appuntamenti in programma' });
    await expect(agenda.getByRole('listitem')).toHaveCount(1);
    await expect(agenda).toContainText('Incontro Conoscitivo');
    await expect(agenda).toContainText('09:00–09:30');
    expect(await seriousViolations(page)).toEqual([]);
    await agenda.getByRole('link').click();
    await expect(page).toHaveURL(bookingUrl);

    await page.getByRole('button', { name: 'Annulla l’incontro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annulla l’incontro conoscitivo' });
    await expect(dialog).toContainText('Vuoi davvero annullare l’appuntamento?');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sì, annulla' }).click();
    await expect(page.getByText('Appuntamento annullato con successo')).toBeVisible();
    await expect(page.getByText('Annullato', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Annulla l’incontro' })).toHaveCount(0);

    // Cancelled 3 days ahead, in time: the home offers the introductory visit again.
    await page.goto('/');
    await expect(times.getByText('09:00')).toBeVisible();
    await page.goto('/Patients/Agenda');
    await expect(page.getByRole('heading', { name: 'Nessun appuntamento in programma' })).toBeVisible();
  });

  test('a completed visit is reviewed once, approved by an admin and shown on the profile', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const nutritionist = await createPublicNutritionist();
    const patient = await createPatientOf(nutritionist.id, 'Giulia Ferri');
    const visit = await bookVisitFor(nutritionist, patient.id, BookingType.FREE, `${romeDateIn(2)}T09:00`);
    await completeVisit(nutritionist, visit);
    const text = `Incontro ${visit.BookingId}: chiaro, pratico e senza giudizi. Consigliata!`;

    await signIn(page, patient.email, patient.password);
    const prompt = page.getByRole('region', { name: 'Com’è andata la visita?' });
    await expect(prompt).toContainText('Incontro Conoscitivo');
    await prompt.getByRole('link', { name: 'Lascia una recensione' }).click();
    await expect(page).toHaveURL(`/Patients/Agenda/${visit.BookingId}/Review`);

    // Nothing chosen: both fields are refused in Italian.
    await page.getByRole('button', { name: 'Invia la recensione' }).click();
    await expect(page.getByText(reviewTexts.ratingRequired)).toBeVisible();
    await expect(page.getByText(reviewTexts.textRequired)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Half a star is picked with the pointer on the left half of the fifth star (90% of the stars' width
    // is 4.5 stars; a quarter star rounds up to the half).
    const stars = page.getByRole('group', { name: 'La tua valutazione' }).locator('.mantine-Rating-root');
    const box = (await stars.boundingBox())!;
    const [x, y] = [box.x + box.width * 0.86, box.y + box.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.click(x, y);
    await expect(page.getByRole('radio', { name: '4,5 stelle' })).toBeChecked();
    await expect(page.getByText('Valutazione 4,5 su 5')).toBeVisible();
    await page.getByLabel('La tua recensione').fill(text);
    await page.getByRole('button', { name: 'Invia la recensione' }).click();
    await expect(page.getByText(reviewTexts.sent)).toBeVisible();
    const mine = page.getByRole('region', { name: 'La tua recensione' });
    await expect(mine).toContainText('In attesa di approvazione');
    await expect(mine).toContainText(text);
    await expect(mine).toContainText('Giulia F.');
    expect(await seriousViolations(page)).toEqual([]);

    // Once per visit: coming back shows the review, not the form; the home no longer asks for one.
    await page.reload();
    await expect(mine).toContainText(text);
    await expect(page.getByRole('button', { name: 'Invia la recensione' })).toHaveCount(0);
    const again = await api('POST', `CurrentPatient/Bookings/${visit.BookingId}/Review`, {
      token: patient.token,
      body: { Rating: 1, text: 'Un secondo tentativo di recensione.' },
    });
    expect(again.status).toBe(409);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Ciao, Giulia Ferri!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Com’è andata la visita?' })).toHaveCount(0);

    // Pending: not on the public profile yet.
    const profile = `/Nutritionists/${nutritionist.profilePageUrl}`;
    await page.goto(profile);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(nutritionist.displayName);
    await expect(page.getByText(text)).toHaveCount(0);

    const admin = await openAs(browser, testInfo, 'admin@nutri.local', 'Admin1234!');
    await admin.goto('/Admin');
    await admin.getByRole('link', { name: 'Recensioni' }).click();
    await expect(admin).toHaveURL(/\/Admin\/Reviews$/);
    await expect(admin.getByRole('radio', { name: 'Da moderare' })).toBeChecked();
    // The queue is oldest first and other tests share the stack: read on until this review shows.
    const item = admin.getByRole('article').filter({ hasText: text });
    const more = admin.getByRole('button', { name: 'Mostra altre recensioni' });
    await expect(item.or(more).first()).toBeVisible();
    while (!(await item.isVisible())) {
      await more.click();
      await expect(more.or(item).first()).toBeVisible();
      await expect(more).not.toHaveAttribute('data-loading', 'true');
    }
    await expect(item).toContainText('Giulia F.');
    await expect(item).toContainText(nutritionist.displayName);
    expect(await seriousViolations(admin)).toEqual([]);
    await item.getByRole('button', { name: 'Approva' }).click();
    await expect(admin.getByText(reviewTexts.approved)).toBeVisible();
    await expect(item).toHaveCount(0);
    await admin.getByText('Pubblicate').click();
    await expect(admin.getByRole('article').filter({ hasText: text })).toBeVisible();
    await admin.context().close();

    await page.goto(profile);
    const reviews = page.getByRole('region', { name: 'Recensioni dei pazienti' });
    await expect(reviews).toContainText(text);
    await expect(reviews).toContainText('Giulia F.');
    await expect(reviews.getByRole('img', { name: 'Valutazione 4,5 su 5' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/Patients/Agenda/${visit.BookingId}/Review`);
    await expect(page.getByRole('region', { name: 'La tua recensione' })).toContainText('Pubblicata');
  });

  test('a paid visit shows its deadline, and another patient’s booking reads as not found', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(60_000);
    const nutritionist = await createNutritionist();
    const owner = await createPatientOf(nutritionist.id, 'Giulia Ferri');
    const other = await createPatientOf(nutritionist.id, 'Luca Rossi');
    const visit = await bookVisitFor(nutritionist, owner.id, BookingType.NORMAL, `${romeDateIn(5)}T15:00`);
    const deadline = italian(paymentDeadline(new Date(visit.BookingTime))).format('dddd D MMMM [alle] HH:mm');

    await signIn(page, owner.email, owner.password);
    await page.goto('/Patients/Agenda');
    const agenda = page.getByRole('list', { name: 'Appuntamenti in programma' });
    await expect(agenda).toContainText('Visita Nutrizionale');
    await expect(agenda).toContainText(`Da pagare entro ${deadline}`);
    await agenda.getByRole('link').click();
    // The agenda names the status too: the booking page's own heading first.
    await expect(page.getByRole('heading', { level: 1, name: 'Visita Nutrizionale' })).toBeVisible();
    await expect(page.getByText('In attesa di pagamento', { exact: true })).toBeVisible();
    const payment = page.getByRole('region', { name: 'Pagamento' });
    await expect(payment).toContainText(`Da pagare entro ${deadline}`);
    await expect(payment.getByRole('button', { name: /^Paga 55\s€$/ })).toBeEnabled();
    await expect(page.getByText('50 minuti', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const stranger = await openAs(browser, testInfo, other.email, other.password);
    for (const path of [
      `/Patients/Agenda/${visit.BookingId}`,
      `/Patients/Agenda/${visit.BookingId}/Review`,
    ]) {
      await stranger.goto(path);
      await expect(stranger.getByRole('alert')).toContainText('Appuntamento non trovato');
      await expect(stranger.getByText('Visita Nutrizionale')).toHaveCount(0);
    }
    expect(await seriousViolations(stranger)).toEqual([]);
    await stranger.context().close();
  });
});
