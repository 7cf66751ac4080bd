/**
 * The real-time chat in two browsers: a patient and their nutritionist, each in their own
 * context, on a desktop and on a phone. The patient's single conversation opens by itself; the
 * nutritionist sees the patient typing, then the message live; the reply (with a line break from
 * Shift+Enter) reaches the patient; a booking the nutritionist creates through the API appears in both
 * chats as a card linking to each role's booking page. axe finds no serious or critical violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { api } from '../integration/support/api';
import { bookFollowUp, PASSWORD } from '../integration/support/visits';
import { seriousViolations } from '../support/axe';
import { openAs, signIn } from '../support/booking-ui';
import { nutritionistWithPatient } from '../support/nutritionist-pair';

const openChat = async (page: Page, query = '') => {
  await page.goto(`/Chat${query}`);
  await expect(page.getByTestId('chat-connected')).toBeVisible({ timeout: 15_000 });
};

test.describe('chat', () => {
  test('a patient and their nutritionist talk live, with typing indicator and booking cards', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const patientName = `Lucia ${testInfo.project.name} ${Date.now() % 100000}`;
    const { nutritionist, patient } = await nutritionistWithPatient(patientName);

    // The patient: one conversation, opened by itself.
    await signIn(page, patient.email, PASSWORD);
    await openChat(page);
    await expect(page).toHaveURL(new RegExp(`UserId=${nutritionist.id}`));
    await expect(page.getByRole('heading', { name: nutritionist.displayName })).toBeVisible();
    await expect(page.getByText('Nessun messaggio. Scrivi il primo!')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The nutritionist has one patient: that conversation opens by itself too. On a phone the list and
    // the window take turns (back to the list, then the patient again); on a desktop both show.
    const other = await openAs(browser, testInfo, nutritionist.email, PASSWORD);
    await openChat(other);
    const otherWindow = other.getByRole('region', { name: `Conversazione con ${patientName}` });
    await expect(otherWindow).toBeVisible();
    const list = other.getByRole('navigation', { name: 'Conversazioni' });
    if (testInfo.project.name === 'phone') {
      await expect(list).toHaveCount(0);
      await other.getByRole('button', { name: 'Torna alle conversazioni' }).click();
      await expect(otherWindow).toHaveCount(0);
    }
    await list.getByRole('button', { name: new RegExp(patientName) }).click();
    await expect(otherWindow.getByRole('textbox', { name: 'Messaggio' })).toBeEnabled();

    // Typing shows on the other side before the message arrives; Enter sends, an empty message is not sent.
    const composer = page.getByRole('textbox', { name: 'Messaggio' });
    await composer.press('Enter');
    await composer.pressSequentially('Buongiorno, ho una domanda', { delay: 20 });
    await expect(other.getByTestId('typing-indicator')).toHaveText(`${patientName} sta scrivendo…`);
    await composer.press('Enter');
    await expect(composer).toHaveValue('');
    const otherLog = other.getByRole('log', { name: 'Messaggi' });
    await expect(otherLog.getByText('Buongiorno, ho una domanda')).toBeVisible();
    await expect(other.getByTestId('typing-indicator')).toHaveCount(0);

    // Shift+Enter adds a line; the reply reaches the patient live.
    const reply = other.getByRole('textbox', { name: 'Messaggio' });
    await reply.fill('Certo!');
    await reply.press('Shift+Enter');
    await reply.pressSequentially('Mi dica pure.');
    await reply.press('Enter');
    const log = page.getByRole('log', { name: 'Messaggi' });
    await expect(log.getByText(/Certo!\s+Mi dica pure\./)).toBeVisible();
    // The patient saw it: the nutritionist's message shows the read receipt.
    await expect(otherLog.getByText(/Visualizzato/)).toBeVisible();

    // A booking made through the API arrives in both chats as a card with a link to its page.
    const booking = await bookFollowUp(nutritionist, patient.id, 5, {
      from: '09:00',
      at: '10:00',
      to: '12:00',
    });
    const card = log.getByTestId('chat-widget').filter({ hasText: 'Nuova prenotazione' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Visita Nutrizionale');
    await expect(card.getByRole('link', { name: 'Vedi la prenotazione' })).toHaveAttribute(
      'href',
      `/Patients/Agenda/${booking.BookingId}`,
    );
    const otherCard = otherLog.getByTestId('chat-widget').filter({ hasText: 'Nuova prenotazione' });
    await expect(otherCard.getByRole('link', { name: 'Vedi la prenotazione' })).toHaveAttribute(
      'href',
      `/AreaNutritionists/Bookings/${booking.BookingId}`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    expect(await seriousViolations(other)).toEqual([]);
    // The history the server holds is the one both screens show.
    const history = await api<{ ConversationSid: string; Items: { Body: string }[] }>(
      'GET',
      `Chat/Messages/${nutritionist.id}`,
      {
        token: patient.token,
      },
    );
    expect(history.body.Items.map((message) => message.Body).slice(0, 2)).toEqual([
      'Buongiorno, ho una domanda',
      'Certo!\nMi dica pure.',
    ]);
    // A long history: the newest page shows; scrolling to the top loads the older one, and far from the
    // bottom a button brings the newest message back into view.
    const { appendMessage } = await import('../../functions/src/chat/chat-repo');
    const sid = history.body.ConversationSid;
    for (let n = 1; n <= 40; n += 1)
      await appendMessage({
        conversationSid: sid,
        messageId: `e2e-${n}-${Date.now()}`,
        authorId: nutritionist.id,
        body: `Messaggio numero ${n}`,
        attributes: {},
        at: new Date(),
      });
    await openChat(page);
    await expect(log.getByText('Messaggio numero 40', { exact: true })).toBeVisible();
    await expect(log.getByText('Buongiorno, ho una domanda')).toHaveCount(0);
    await log.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(log.getByText('Buongiorno, ho una domanda')).toBeAttached();
    const toBottom = page.getByRole('button', { name: "Vai all'ultimo messaggio" });
    await expect(toBottom).toBeVisible();
    await toBottom.click();
    await expect(log.getByText('Messaggio numero 40', { exact: true })).toBeInViewport();

    await page.screenshot({ path: testInfo.outputPath('chat-patient.png') });
    await other.screenshot({ path: testInfo.outputPath('chat-nutritionist.png') });

    await other.context().close();
  });
});
