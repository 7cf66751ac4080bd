/**
 * Notifications of the chat on the running local stack:
 * - the `notify-unseen-chat-messages` job e-mails the recipient of messages unseen past the delay, once
 *   per batch (two runs, one mail), tells the author's tab over a real WebSocket, and the local SES's
 *   delivery events (SNS-shaped, through the same jobs handler as in the cloud) set EmailLastEvent;
 * - seen messages, booking messages and unsubscribed recipients get no mail; a bounce maps to `bounce`;
 * - the nutritionist's urgent WhatsApp notice: recorded locally, refused without a phone number, for
 *   another nutritionist's patient, for a patient, and a second time within the interval.
 *
 * The delay is passed by moving the clock of this process (platform/clock.ts) and running the job here,
 * as the booking job tests do; the job's mails go to the stack's SES, whose events reach the stack.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHAT_EMAIL_NOTIFICATION_DELAY_MS,
  urgentNoticeTexts,
  type ChatMessage,
  type ChatMessagesResponse,
  type ConnectionTicketResponse,
  type DirectConversationResponse,
  type EmailNotificationSentEvent,
  BookingType,
  ChatMessageType,
} from '@nutri/shared';
import { RealtimeClient } from '../support/realtime-client';
import { api, mailsTo, stack, waitForMail } from './support/api';
import { createNutritionist, createPatientOf } from './support/visits';

// Pushes from this process go to the stack's WebSocket gateway, as in the stack itself; the job logs its
// results at INFO, which is noise in a test run.
process.env.WS_MANAGEMENT_ENDPOINT = `${stack.baseUrl}/ws`;
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';

const JOB = 'notify-unseen-chat-messages';
const clock = () => import('../../functions/src/platform/clock');
const openClients: RealtimeClient[] = [];

afterEach(async () => {
  (await clock()).setClockOffset(0);
  await Promise.all(openClients.splice(0).map((client) => client.close()));
});

/** Runs the job as if `ms` had passed since now (the messages' DateCreated is the real time). */
const runJobAfter = async (ms: number) => {
  (await clock()).setClockOffset(ms);
  const { runJob } = await import('../../functions/src/jobs/handler');
  return (await runJob({ job: JOB })).result as Record<string, number>;
};
const PAST_DELAY = CHAT_EMAIL_NOTIFICATION_DELAY_MS + 60_000;

const connect = async (token: string) => {
  const ticket = await api<ConnectionTicketResponse>('POST', 'Chat/ConnectionTicket', { token });
  expect(ticket.status).toBe(200);
  const client = await RealtimeClient.connect(
    `${stack.wsUrl}?ticket=${encodeURIComponent(ticket.body.Ticket)}`,
  );
  openClients.push(client);
  return client;
};

type Received = Record<string, unknown> & { type: string };

/** The next message matching, skipping others (presence and other events come whenever they come). */
const nextMatching = async (
  client: RealtimeClient,
  matches: (data: Received) => boolean,
  timeoutMs = 10_000,
): Promise<Received> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const data = (await client.nextMessage(Math.max(1, deadline - Date.now()))) as Received;
    if (matches(data)) return data;
  }
};

const conversationOf = async (patient: { token: string }, nutritionistId: string) => {
  const result = await api<DirectConversationResponse>('GET', `Chat/DirectConversation/${nutritionistId}`, {
    token: patient.token,
  });
  expect(result.status).toBe(200);
  return result.body.ConversationId;
};

/** Sends a text and waits until the server stored it (MessageAdded back on the sender's tab). */
const sendText = async (client: RealtimeClient, conversationSid: string, text: string) => {
  client.sendJson({
    action: 'SendMessage',
    ConversationSid: conversationSid,
    Text: text,
    MessageId: randomUUID(),
  });
  const added = await nextMatching(
    client,
    (data) => data.type === 'MessageAdded' && (data.message as ChatMessage).Body === text,
  );
  return added.message as ChatMessage;
};

const history = async (token: string, otherUserId: string) => {
  const result = await api<ChatMessagesResponse>('GET', `Chat/Messages/${otherUserId}`, { token });
  expect(result.status).toBe(200);
  return result.body.Items;
};

/** Polls the history until `check` holds for it (delivery events arrive a fraction of a second later). */
const historyWhen = async (
  token: string,
  otherUserId: string,
  check: (items: ChatMessage[]) => boolean,
  timeoutMs = 10_000,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const items = await history(token, otherUserId);
    if (check(items)) return items;
    if (Date.now() > deadline) throw new Error(`history not as expected: ${JSON.stringify(items)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const chatMails = async (address: string) =>
  (await mailsTo(address)).filter((mail) => /nuov[oi] messagg/.test(mail.subject));

describe('e-mail notifications of unseen messages', () => {
  it('mails the recipient once per batch, tells the author, and records the delivery events', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, `Paola ${randomUUID().slice(0, 6)}`);
    const sid = await conversationOf(patient, nutritionist.id);
    const author = await connect(nutritionist.token);
    const first = await sendText(author, sid, 'Come va con il diario alimentare? (dato sanitario)');
    const second = await sendText(author, sid, 'Ricordati le analisi del sangue.');

    // Not yet due: nothing is sent before the delay.
    await runJobAfter(CHAT_EMAIL_NOTIFICATION_DELAY_MS - 60_000);
    expect(await chatMails(patient.email)).toHaveLength(0);

    await runJobAfter(PAST_DELAY);
    const sent = (await nextMatching(
      author,
      (data) => data.type === 'EmailNotificationSent' && data.ConversationSid === sid,
    )) as unknown as EmailNotificationSentEvent;
    expect(sent.MessageIndexes).toEqual([first.MessageIndex, second.MessageIndex]);

    // A second run (later still) finds nothing left to send.
    await runJobAfter(PAST_DELAY * 2);
    const mails = await chatMails(patient.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^Hai 2 nuovi messaggi dal Dott\. /);
    const text = mail.body.text ?? '';
    expect(text).toContain(`${stack.baseUrl}/Chat?UserId=${nutritionist.id}`);
    // The mail never quotes the messages (health data).
    expect(text).not.toContain('diario');
    expect(mail.body.html ?? '').not.toContain('analisi');

    // The local SES publishes Send then Delivery; the author's tab hears about the last one, with its time
    // (reports may arrive out of order: the screen keeps the newest).
    const deliveredReport = await nextMatching(
      author,
      (data) =>
        data.type === 'EmailNotificationSent' &&
        data.ConversationSid === sid &&
        data.EmailLastEvent === 'delivered',
    );
    const items = await historyWhen(nutritionist.token, patient.id, (list) =>
      list.every((message) => message.EmailLastEvent === 'delivered'),
    );
    expect(items.map((message) => message.EmailLastEventAt)).toEqual([
      deliveredReport.EmailLastEventAt,
      deliveredReport.EmailLastEventAt,
    ]);
    expect(items.map((message) => [message.MessageIndex, message.EmailNotificationSent])).toEqual([
      [first.MessageIndex, true],
      [second.MessageIndex, true],
    ]);
    // The patient's own view of the same messages carries the same fields.
    expect((await history(patient.token, nutritionist.id)).every((m) => m.EmailNotificationSent)).toBe(true);
  });

  it('sends nothing for messages seen before the job runs', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, `Paola ${randomUUID().slice(0, 6)}`);
    const sid = await conversationOf(patient, nutritionist.id);
    const author = await connect(nutritionist.token);
    const reader = await connect(patient.token);
    const message = await sendText(author, sid, 'Ci vediamo giovedì.');
    reader.sendJson({
      action: 'SetUserLastSeenMessage',
      ConversationSid: sid,
      MessageIndex: message.MessageIndex,
    });
    await nextMatching(author, (data) => data.type === 'MessageSeen' && data.ConversationSid === sid);

    await runJobAfter(PAST_DELAY);
    await runJobAfter(PAST_DELAY * 2);
    expect(await chatMails(patient.email)).toHaveLength(0);
    const [stored] = await history(nutritionist.token, patient.id);
    expect(stored).toMatchObject({ EmailNotificationSent: false, EmailLastEvent: null });
  });

  it("mails the nutritionist about a patient's message, and records a bounce as 'bounce'", async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, `Lucia ${randomUUID().slice(0, 6)}`, {
      email: `bounce+${randomUUID().slice(0, 8)}@simulator.amazonses.com`,
    });
    const sid = await conversationOf(patient, nutritionist.id);
    const patientClient = await connect(patient.token);
    const nutritionistClient = await connect(nutritionist.token);
    await sendText(patientClient, sid, 'Ho una domanda sulla dieta.');
    // The nutritionist replies before the delay: the patient's message counts as seen (no mail to her),
    // and the reply stays unseen by the patient, whose mail bounces.
    const reply = await sendText(nutritionistClient, sid, 'Certo, dimmi pure.');

    await runJobAfter(PAST_DELAY);
    expect(await chatMails(nutritionist.email)).toHaveLength(0);
    const mail = await waitForMail(patient.email, (candidate) => /1 nuovo messaggio/.test(candidate.subject));
    expect(mail.subject).toMatch(/^Hai 1 nuovo messaggio dal Dott\. /);
    const items = await historyWhen(nutritionist.token, patient.id, (list) =>
      list.some(
        (message) => message.MessageIndex === reply.MessageIndex && message.EmailLastEvent === 'bounce',
      ),
    );
    expect(items.find((message) => message.MessageIndex === 0)?.EmailNotificationSent).toBe(false);
  });

  it('mails the nutritionist when the patient writes and nobody answers', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, `Marta ${randomUUID().slice(0, 6)}`);
    const sid = await conversationOf(patient, nutritionist.id);
    const patientClient = await connect(patient.token);
    await sendText(patientClient, sid, 'Posso spostare la visita?');
    await runJobAfter(PAST_DELAY);
    const mail = await waitForMail(nutritionist.email, (candidate) =>
      /nuovo messaggio/.test(candidate.subject),
    );
    expect(mail.subject).toBe(`Hai 1 nuovo messaggio da ${patient.name}`);
    expect(mail.body.text ?? '').toContain(`/Chat?UserId=${patient.id}`);
  });

  it('leaves out booking messages and recipients who unsubscribed', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, `Anna ${randomUUID().slice(0, 6)}`);
    const { postMessage } = await import('../../functions/src/chat/messages');
    // A booking widget (posted by the booking flow, which mails on its own): never queued for a mail.
    await postMessage({
      patientUserId: patient.id,
      nutritionistUserId: nutritionist.id,
      messageId: `test:${randomUUID()}`,
      authorId: nutritionist.id,
      body: 'Nuovo appuntamento',
      attributes: {
        MessageType: ChatMessageType.BookingCreated,
        BookingId: 1,
        BookingTime: new Date().toISOString(),
        BookingTypeId: BookingType.FREE,
      },
      at: new Date(),
    });
    await runJobAfter(PAST_DELAY);
    expect(await chatMails(patient.email)).toHaveLength(0);

    // The patient unsubscribes from our mails (the signed link of the mails): a text message is not mailed.
    const { unsubscribeUrl } = await import('../../functions/src/accounts/unsubscribe');
    const link = new URL(await unsubscribeUrl(patient.id));
    const unsubscribed = await api('POST', `Patients/Unsubscribe/${patient.id}${link.search}`);
    expect(unsubscribed.status).toBe(204);
    const sid = await conversationOf(patient, nutritionist.id);
    await sendText(await connect(nutritionist.token), sid, 'Hai ricevuto il piano?');
    await runJobAfter(PAST_DELAY);
    await runJobAfter(PAST_DELAY * 2);
    expect(await chatMails(patient.email)).toHaveLength(0);
    const items = await history(nutritionist.token, patient.id);
    expect(items.every((message) => !message.EmailNotificationSent)).toBe(true);
  });
});

describe('urgent WhatsApp notice', () => {
  const path = (patientId: string) =>
    `CurrentNutritionist/Patients/${patientId}/SendUrgentChatMessageNotification`;
  const randomPhone = () => `+39333${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

  it("is recorded locally for the nutritionist's own patient, and not repeated within the interval", async () => {
    const nutritionist = await createNutritionist();
    const phone = randomPhone();
    const patient = await createPatientOf(nutritionist.id, `Lucia ${randomUUID().slice(0, 6)}`, { phone });
    const sent = await api<{ SentAt: string }>('POST', path(patient.id), { token: nutritionist.token });
    expect(sent.status).toBe(200);
    expect(Date.parse(sent.body.SentAt)).not.toBeNaN();

    const recorded = await waitForMail(`${phone.slice(1)}@whatsapp.nutri.local`);
    expect(recorded.subject).toBe(`WhatsApp a ${phone}`);
    expect(recorded.body.text).toContain(`Ciao ${patient.name}`);
    expect(recorded.body.text).toContain(`${stack.baseUrl}/Chat?UserId=${nutritionist.id}`);

    const again = await api<{ message: string }>('POST', path(patient.id), { token: nutritionist.token });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Hai già inviato un avviso a questo paziente da poco/);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(`${phone.slice(1)}@whatsapp.nutri.local`)).toHaveLength(1);
  });

  it('answers the spec error for a patient without a phone number', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, `Lucia ${randomUUID().slice(0, 6)}`, {
      phone: null,
    });
    const result = await api<{ message: string }>('POST', path(patient.id), { token: nutritionist.token });
    expect(result.status).toBe(422);
    expect(result.body.message).toBe(urgentNoticeTexts.noPhone);
    expect(result.body.message).toBe("Manca il numero di telefono dell'utente");
  });

  it("refuses another nutritionist's patient and the patient role", async () => {
    const nutritionist = await createNutritionist();
    const other = await createNutritionist();
    const phone = randomPhone();
    const patient = await createPatientOf(nutritionist.id, `Lucia ${randomUUID().slice(0, 6)}`, { phone });
    const byOther = await api('POST', path(patient.id), { token: other.token });
    expect(byOther.status).toBe(404);
    const byPatient = await api('POST', path(patient.id), { token: patient.token });
    expect(byPatient.status).toBe(403);
    const anonymous = await api('POST', path(patient.id));
    expect(anonymous.status).toBe(401);
    expect(await mailsTo(`${phone.slice(1)}@whatsapp.nutri.local`)).toHaveLength(0);
  });
});
