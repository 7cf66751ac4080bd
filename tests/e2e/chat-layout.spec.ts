/**
 * The chat page fills the screen on a phone and on a desktop: the patient opens it and finds the message
 * box in view without scrolling the page, and it stays in view (with the footer still below the fold)
 * after sending messages into a long history.
 */
import { expect, test } from '@playwright/test';
import { api } from '../integration/support/api';
import { PASSWORD } from '../integration/support/visits';
import { signIn } from '../support/booking-ui';
import { nutritionistWithPatient } from '../support/nutritionist-pair';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;

test('the message box is in view on arrival and after sending; the footer stays below the fold', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const { nutritionist, patient } = await nutritionistWithPatient(`Nadia ${Date.now() % 100000}`);
  // A history longer than the screen, in the pair's conversation.
  const pair = await api<{ ConversationId: string }>('GET', `Chat/DirectConversation/${nutritionist.id}`, {
    token: patient.token,
  });
  const { appendMessage } = await import('../../functions/src/chat/chat-repo');
  for (let n = 1; n <= 15; n += 1)
    await appendMessage({
      conversationSid: pair.body.ConversationId,
      messageId: `layout-${n}-${Date.now()}`,
      authorId: nutritionist.id,
      body: `Consiglio numero ${n}`,
      attributes: {},
      at: new Date(),
    });

  await signIn(page, patient.email, PASSWORD);
  await page.goto('/Chat');
  await expect(page.getByTestId('chat-connected')).toBeVisible({ timeout: 15_000 });
  const log = page.getByRole('log', { name: 'Messaggi' });
  await expect(log.getByText('Consiglio numero 15', { exact: true })).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Messaggio' });
  const footer = page.getByRole('contentinfo');
  await expect(composer).toBeInViewport({ ratio: 1 });
  await expect(footer).not.toBeInViewport();
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/chat-arrival-${testInfo.project.name}.png` });

  for (const text of ['Ecco il diario di oggi', 'A pranzo pasta e verdure']) {
    await composer.fill(text);
    await composer.press('Enter');
    await expect(log.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(composer).toBeInViewport({ ratio: 1 });
  await expect(footer).not.toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/chat-sent-${testInfo.project.name}.png` });
});
