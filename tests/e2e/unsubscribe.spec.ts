/**
 * Leaving the optional mails from the link of a real mail: the unseen-chat-messages mail the local SES
 * received carries a link to /Unsubscribe; opening it shows the success text, and the user is
 * unsubscribed. A link with a forged signature shows the failure and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { CHAT_EMAIL_NOTIFICATION_DELAY_MS, accountTexts, errorTexts } from '@nutri/shared';
import { waitForMail } from '../integration/support/api';
import { createNutritionist, createPatientOf } from '../integration/support/visits';
import { seriousViolations } from '../support/axe';

/** The nutritionist writes; the job runs as if its delay had passed: the patient gets the mail. */
const chatMailLink = async (patient: { id: string; email: string }, nutritionistId: string) => {
  const { postMessage } = await import('../../functions/src/chat/messages');
  await postMessage({
    patientUserId: patient.id,
    nutritionistUserId: nutritionistId,
    messageId: randomUUID(),
    authorId: nutritionistId,
    body: 'Come procede?',
    attributes: {},
    at: new Date(),
  });
  const { setClockOffset } = await import('../../functions/src/platform/clock');
  setClockOffset(CHAT_EMAIL_NOTIFICATION_DELAY_MS + 60_000);
  try {
    const { runJob } = await import('../../functions/src/jobs/handler');
    await runJob({ job: 'notify-unseen-chat-messages' });
  } finally {
    setClockOffset(0);
  }
  const mail = await waitForMail(patient.email, (m) => /nuov[oi] messagg/.test(m.subject));
  const link = /(https?:\/\/\S+\/Unsubscribe\/\S+)/.exec(mail.body.text ?? '')?.[1];
  expect(link).toBeDefined();
  return new URL(link!);
};

const isOptedOut = async (userId: string) => {
  const { getUser } = await import('../../functions/src/accounts/users-repo');
  return (await getUser(userId))?.MailingOptOut === true;
};

test('the unsubscribe link of a mail unsubscribes and says so; a forged one does not', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  const nutritionist = await createNutritionist();
  const patient = await createPatientOf(nutritionist.id, `Paola ${randomUUID().slice(0, 6)}`);
  const link = await chatMailLink(patient, nutritionist.id);

  // A forged signature: the failure, and nothing changes.
  const forged = new URL(link);
  forged.searchParams.set('signature', 'x'.repeat(43));
  await page.goto(`${forged.pathname}${forged.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Disiscrizione' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(errorTexts.operationFailed);
  expect(await isOptedOut(patient.id)).toBe(false);

  // The mail's own link.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Disiscrizione' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: accountTexts.unsubscribed })).toBeVisible();
  expect(await isOptedOut(patient.id)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/unsubscribe-${testInfo.project.name}.png`, fullPage: true });
});
