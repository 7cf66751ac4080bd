/**
 * The e-mail delivery icon on the nutritionist's messages (docs/product.md#roles): a message the
 * patient has not seen is e-mailed by the `notify-unseen-chat-messages` job (run here with this process's
 * clock moved past the delay), the local SES reports it delivered, and the nutritionist's screen shows the
 * delivered icon live; once the patient opens the chat it turns into a check mark. axe finds nothing
 * serious in either state.
 */
import { expect, test, type Page } from '@playwright/test';
import { CHAT_EMAIL_NOTIFICATION_DELAY_MS, emailEventLabels } from '@nutri/shared';
import { stack } from '../integration/support/api';
import { createNutritionist, createPatientOf, PASSWORD } from '../integration/support/visits';
import { expectNoSeriousViolations, openAs, signIn } from '../support/booking-ui';

// The job's pushes go to the stack's WebSocket gateway, as from the stack itself.
process.env.WS_MANAGEMENT_ENDPOINT = `${stack.baseUrl}/ws`;
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;

const openChat = async (page: Page) => {
  await page.goto('/Chat');
  await expect(page.getByTestId('chat-connected')).toBeVisible({ timeout: 15_000 });
};

const runNotificationJob = async () => {
  const { setClockOffset } = await import('../../functions/src/platform/clock');
  const { runJob } = await import('../../functions/src/jobs/handler');
  setClockOffset(CHAT_EMAIL_NOTIFICATION_DELAY_MS + 60_000);
  try {
    await runJob({ job: 'notify-unseen-chat-messages' });
  } finally {
    setClockOffset(0);
  }
};

test('the nutritionist sees the e-mail delivery of an unseen message, then the check mark once seen', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const nutritionist = await createNutritionist();
  const patientName = `Giada ${testInfo.project.name} ${Date.now() % 100000}`;
  const patient = await createPatientOf(nutritionist.id, patientName);

  await signIn(page, nutritionist.email, PASSWORD);
  await openChat(page);
  const window = page.getByRole('region', { name: `Conversazione con ${patientName}` });
  await expect(window).toBeVisible();
  const composer = window.getByRole('textbox', { name: 'Messaggio' });
  await composer.fill('Mi mandi il diario di questa settimana?');
  await composer.press('Enter');
  const log = page.getByRole('log', { name: 'Messaggi' });
  await expect(log.getByText('Mi mandi il diario di questa settimana?')).toBeVisible();
  await expect(page.getByTestId('chat-email-status')).toHaveCount(0);

  await runNotificationJob();
  const delivered = log.getByRole('img', { name: emailEventLabels.delivered });
  await expect(delivered).toBeVisible({ timeout: 10_000 });
  await expectNoSeriousViolations(page);
  if (SCREENSHOTS)
    await window.screenshot({ path: `${SCREENSHOTS}/chat-email-${testInfo.project.name}.png` });

  // The patient opens the chat: the message is seen, the icon becomes a check mark.
  const patientPage = await openAs(browser, testInfo, patient.email, PASSWORD);
  await openChat(patientPage);
  await expect(
    patientPage.getByRole('log', { name: 'Messaggi' }).getByText('Mi mandi il diario di questa settimana?'),
  ).toBeVisible();
  await expect(
    log.getByRole('img', { name: 'Notifica e-mail inviata, messaggio visualizzato' }),
  ).toBeVisible();
  await expect(delivered).toHaveCount(0);
  await expectNoSeriousViolations(page);
  if (SCREENSHOTS)
    await window.screenshot({ path: `${SCREENSHOTS}/chat-email-seen-${testInfo.project.name}.png` });
  await patientPage.context().close();
});
