/**
 * Leaving the optional mails (docs/decisions/0014-optional-mails.md) on the running local stack: an
 * optional mail (here the unseen-chat-messages mail) carries a signed link to /Unsubscribe and the
 * RFC 8058 one-click headers; the one-click POST a mail client makes (form body, no session) unsubscribes;
 * a forged or missing signature is refused; after it no optional mail is sent, service mails still are.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_EMAIL_NOTIFICATION_DELAY_MS } from '@nutri/shared';
import { api, mailsTo, stack, waitForMail } from './support/api';
import { createNutritionist, createPatientOf } from './support/visits';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';

const clock = () => import('../../functions/src/platform/clock');
afterEach(async () => (await clock()).setClockOffset(0));

/** A text from the nutritionist, then the unseen-messages job as if its delay had passed. */
const nutritionistWritesAndJobRuns = async (patientId: string, nutritionistId: string) => {
  const { postMessage } = await import('../../functions/src/chat/messages');
  await postMessage({
    patientUserId: patientId,
    nutritionistUserId: nutritionistId,
    messageId: randomUUID(),
    authorId: nutritionistId,
    body: 'Hai ricevuto il piano?',
    attributes: {},
    at: new Date(),
  });
  (await clock()).setClockOffset(CHAT_EMAIL_NOTIFICATION_DELAY_MS + 60_000);
  const { runJob } = await import('../../functions/src/jobs/handler');
  await runJob({ job: 'notify-unseen-chat-messages' });
  (await clock()).setClockOffset(0);
};

const chatMails = async (address: string) =>
  (await mailsTo(address)).filter((mail) => /nuov[oi] messagg/.test(mail.subject));

const header = (mail: { headers?: { name: string; value: string }[] }, name: string) =>
  mail.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

const isOptedOut = async (userId: string) => {
  const { getUser } = await import('../../functions/src/accounts/users-repo');
  return (await getUser(userId))?.MailingOptOut === true;
};

describe('unsubscribe from optional mails', () => {
  it('an optional mail carries a signed page link and one-click headers; the one-click POST works', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, `Paola ${randomUUID().slice(0, 6)}`);
    await nutritionistWritesAndJobRuns(patient.id, nutritionist.id);
    const mail = await waitForMail(patient.email, (m) => /nuov[oi] messagg/.test(m.subject));

    // The footer link: the page of the product, with the user id and a signature only.
    const pageLink = /(https?:\/\/\S+\/Unsubscribe\/\S+)/.exec(mail.body.text ?? '')?.[1];
    expect(pageLink).toBeDefined();
    const page = new URL(pageLink!);
    expect(page.origin).toBe(stack.baseUrl);
    expect(page.pathname).toBe(`/Unsubscribe/${patient.id}`);
    expect([...page.searchParams.keys()]).toEqual(['signature']);
    expect(mail.body.html).toContain(`href="${pageLink!.replace(/&/g, '&amp;')}"`);

    // RFC 8058: the one-click target in List-Unsubscribe, announced by List-Unsubscribe-Post.
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const target = /^<(https?:\/\/[^>]+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1];
    expect(target).toBe(
      `${stack.baseUrl}/api/v2/Patients/Unsubscribe/${patient.id}?signature=${page.searchParams.get('signature')}`,
    );

    // A mail client's one-click POST: form-encoded body, no cookie, no token.
    expect(await isOptedOut(patient.id)).toBe(false);
    const oneClick = await fetch(target!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(204);
    expect(await isOptedOut(patient.id)).toBe(true);
    // Again (a second click, or the page after the header): still fine.
    expect((await api('POST', `Patients/Unsubscribe/${patient.id}${page.search}`)).status).toBe(204);

    // No further optional mail to them.
    const before = (await chatMails(patient.email)).length;
    await nutritionistWritesAndJobRuns(patient.id, nutritionist.id);
    expect(await chatMails(patient.email)).toHaveLength(before);
  });

  it('refuses a forged, borrowed or missing signature', async () => {
    const nutritionist = await createNutritionist();
    const alice = await createPatientOf(nutritionist.id, `Alice ${randomUUID().slice(0, 6)}`);
    const bob = await createPatientOf(nutritionist.id, `Bruno ${randomUUID().slice(0, 6)}`);
    const { unsubscribeUrl } = await import('../../functions/src/accounts/unsubscribe');
    const alicesSignature = new URL(await unsubscribeUrl(alice.id)).searchParams.get('signature')!;

    const borrowed = await api<{ message: string }>(
      'POST',
      `Patients/Unsubscribe/${bob.id}?signature=${alicesSignature}`,
    );
    expect(borrowed.status).toBe(403);
    expect(borrowed.body.message).toBe('Link di disiscrizione non valido.');
    const forged = `${alicesSignature.slice(0, -2)}${alicesSignature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await api('POST', `Patients/Unsubscribe/${alice.id}?signature=${forged}`)).status).toBe(403);
    expect((await api('POST', `Patients/Unsubscribe/${bob.id}`)).status).toBe(400);
    expect(await isOptedOut(alice.id)).toBe(false);
    expect(await isOptedOut(bob.id)).toBe(false);
  });
});
