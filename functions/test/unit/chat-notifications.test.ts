/**
 * The pure parts of the chat notifications: which messages are mailed, the mail's text, the SES event ->
 * EmailLastEvent mapping (on SES's documented event JSON), and the WhatsApp Cloud API request, sent for
 * real to a local HTTP server standing in for graph.facebook.com.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_EVENTS, notifiesByEmail } from '@nutri/shared';
import { chatNotificationMail, fromAuthor } from '../../src/chat/email-notification-mail';
import { resetConfigCache } from '../../src/platform/config';
import { emailEventOf, isSnsEvent, mailEventsOf, parseSesEvent } from '../../src/platform/mail-events';
import {
  WHATSAPP_GRAPH_API_VERSION,
  WhatsAppError,
  sendWhatsAppTemplate,
  templateMessageRequest,
} from '../../src/platform/whatsapp';

describe('which messages are mailed when unseen', () => {
  it('text and file messages a person wrote; not booking widgets nor system messages', () => {
    expect(notifiesByEmail({ AuthorId: 'u1', Attributes: '{}' })).toBe(true);
    expect(notifiesByEmail({ AuthorId: 'u1', Attributes: '{"MessageType":"SendFile"}' })).toBe(true);
    expect(notifiesByEmail({ AuthorId: 'u1', Attributes: '{"MessageType":"BookingCreated"}' })).toBe(false);
    expect(notifiesByEmail({ AuthorId: 'u1', Attributes: '{"MessageType":"PaymentCompleted"}' })).toBe(false);
    expect(notifiesByEmail({ AuthorId: 'system', Attributes: '{}' })).toBe(false);
  });
});

describe('the unseen-messages mail', () => {
  const base = {
    recipientName: 'Paola',
    authorName: 'Chiara Bianchi',
    authorUserId: 'nutri 1',
    baseUrl: 'https://nutri.example',
    unsubscribe: {
      pageUrl: 'https://nutri.example/Unsubscribe/u1?signature=s',
      oneClickUrl: 'https://nutri.example/api/v2/Patients/Unsubscribe/u1?signature=s',
    },
  };

  it('counts the messages, names the author with the right article, links the conversation', () => {
    const mail = chatNotificationMail({ ...base, count: 3, authorNutritionistTitle: 'dottoressa' });
    expect(mail.subject).toBe('Hai 3 nuovi messaggi dalla Dott.sa Chiara Bianchi');
    expect(mail.text).toContain('Ciao Paola,');
    expect(mail.text).toContain('https://nutri.example/Chat?UserId=nutri%201');
    expect(mail.html).toContain('href="https://nutri.example/Chat?UserId=nutri%201"');
    expect(chatNotificationMail({ ...base, count: 1, authorNutritionistTitle: null }).subject).toBe(
      'Hai 1 nuovo messaggio dal Dott. Chiara Bianchi',
    );
    expect(chatNotificationMail({ ...base, count: 2, authorName: 'Paola <b>Rossi</b>' }).subject).toBe(
      'Hai 2 nuovi messaggi da Paola <b>Rossi</b>',
    );
    expect(chatNotificationMail({ ...base, count: 2, authorName: 'Paola <b>Rossi</b>' }).html).toContain(
      'Paola &lt;b&gt;Rossi&lt;/b&gt;',
    );
    expect(fromAuthor('Marco Neri', 'dottore')).toBe('dal Dott. Marco Neri');
  });

  it('is an optional mail: a footer link to leave and the one-click unsubscribe target', () => {
    const mail = chatNotificationMail({ ...base, count: 1 });
    expect(mail.html).toContain('href="https://nutri.example/Unsubscribe/u1?signature=s"');
    expect(mail.text).toContain('Annulla l’iscrizione: https://nutri.example/Unsubscribe/u1?signature=s');
    expect(mail.listUnsubscribeUrl).toBe(base.unsubscribe.oneClickUrl);
  });
});

/** SES's event publishing JSON, as the SES developer guide shows it (trimmed to what matters). */
const sesEvent = (eventType: string, detail?: [string, Record<string, unknown>]) =>
  JSON.stringify({
    eventType,
    mail: {
      timestamp: '2026-03-02T10:00:00.000Z',
      source: 'noreply@nutri.example',
      messageId: '0102018e-ses-id',
      destination: ['paola@example.com'],
      tags: { 'ses:configuration-set': ['NutriMail'], kind: ['chat-notification'], notification: ['n-1'] },
    },
    ...(detail ? { [detail[0]]: detail[1] } : {}),
  });

describe('SES events to EmailLastEvent', () => {
  it('maps every tracked SES event type to the spec value, with the event’s own time', () => {
    const cases: [string, [string, Record<string, unknown>] | undefined, string, string][] = [
      ['Send', ['send', {}], 'processed', '2026-03-02T10:00:00.000Z'],
      [
        'Delivery',
        ['delivery', { timestamp: '2026-03-02T10:00:01.500Z' }],
        'delivered',
        '2026-03-02T10:00:01.500Z',
      ],
      ['Open', ['open', { timestamp: '2026-03-02T11:00:00.000Z' }], 'open', '2026-03-02T11:00:00.000Z'],
      ['Click', ['click', { timestamp: '2026-03-02T11:01:00.000Z' }], 'click', '2026-03-02T11:01:00.000Z'],
      ['Reject', ['reject', { reason: 'Bad content' }], 'dropped', '2026-03-02T10:00:00.000Z'],
      ['Rendering Failure', ['failure', {}], 'dropped', '2026-03-02T10:00:00.000Z'],
      [
        'Bounce',
        ['bounce', { bounceType: 'Permanent', timestamp: '2026-03-02T10:00:02.000Z' }],
        'bounce',
        '2026-03-02T10:00:02.000Z',
      ],
      [
        'Complaint',
        ['complaint', { timestamp: '2026-03-02T12:00:00.000Z' }],
        'spamreport',
        '2026-03-02T12:00:00.000Z',
      ],
      [
        'DeliveryDelay',
        ['deliveryDelay', { timestamp: '2026-03-02T10:30:00.000Z' }],
        'deferred',
        '2026-03-02T10:30:00.000Z',
      ],
    ];
    for (const [type, detail, expected, at] of cases) {
      expect(parseSesEvent(sesEvent(type, detail)), type).toEqual({
        sesMessageId: '0102018e-ses-id',
        event: expected,
        at,
        tags: { 'ses:configuration-set': ['NutriMail'], kind: ['chat-notification'], notification: ['n-1'] },
        // The recipients and when SES took the mail (the mail log's), no subject in this event.
        destination: ['paola@example.com'],
        subject: null,
        sentAt: '2026-03-02T10:00:00.000Z',
      });
    }
    // Every value of the spec's list is reachable.
    expect(new Set(cases.map(([, , expected]) => expected))).toEqual(new Set(EMAIL_EVENTS));
  });

  it('ignores untracked, unreadable and foreign messages', () => {
    expect(emailEventOf('Subscription')).toBeNull();
    expect(parseSesEvent(sesEvent('Subscription'))).toBeNull();
    expect(parseSesEvent('not json')).toBeNull();
    expect(parseSesEvent(JSON.stringify({ eventType: 'Delivery' }))).toBeNull();
    // The older identity-notification feed names the type `notificationType`.
    expect(
      parseSesEvent(sesEvent('x').replace('"eventType":"x"', '"notificationType":"Bounce"'))?.event,
    ).toBe('bounce');
  });

  it('reads the events of an SNS invocation and tells SNS records from a job event', () => {
    const record = (message: string) => ({
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: 'arn:aws:sns:eu-south-1:1:t:s',
      Sns: {
        Type: 'Notification',
        MessageId: 'm',
        TopicArn: 'arn:aws:sns:eu-south-1:1:t',
        Subject: '',
        Message: message,
        Timestamp: '2026-03-02T10:00:00.000Z',
        SignatureVersion: '1',
        Signature: '',
        SigningCertUrl: '',
        UnsubscribeUrl: '',
        MessageAttributes: {},
      },
    });
    const event = { Records: [record(sesEvent('Send', ['send', {}])), record('{}')] };
    expect(isSnsEvent(event)).toBe(true);
    expect(isSnsEvent({ job: 'deliver-outbox' })).toBe(false);
    expect(mailEventsOf(event).map((mailEvent) => mailEvent.event)).toEqual(['processed']);
  });
});

describe('WhatsApp Business Cloud API', () => {
  const message = {
    to: '+39 333 123 4567',
    parameters: ['Paola', 'Dott.sa Chiara Bianchi'],
    preview: 'Ciao Paola, …',
  };
  // What the urgent notice hands to the sender: the body without a template, so no version is read.
  const notice = {
    to: message.to,
    body: { text: message.preview, parameters: message.parameters },
  };

  it('builds a template message request for the phone number id', () => {
    const { url, init } = templateMessageRequest(
      {
        baseUrl: 'https://graph.facebook.com/',
        phoneNumberId: '1234567890',
        templateName: 'avviso',
        language: 'it',
      },
      'token-1',
      message,
    );
    expect(url).toBe(`https://graph.facebook.com/${WHATSAPP_GRAPH_API_VERSION}/1234567890/messages`);
    expect(WHATSAPP_GRAPH_API_VERSION).toMatch(/^v\d+\.\d+$/);
    expect(init.headers).toEqual({ Authorization: 'Bearer token-1', 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '393331234567',
      type: 'template',
      template: {
        name: 'avviso',
        language: { code: 'it' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Paola' },
              { type: 'text', text: 'Dott.sa Chiara Bianchi' },
            ],
          },
        ],
      },
    });
  });

  describe('against a local server in place of graph.facebook.com', () => {
    let server: Server;
    let received: { method?: string; url?: string; authorization?: string; body: unknown }[] = [];
    let answer: { status: number; body: unknown } = { status: 200, body: {} };
    const saved = { ...process.env };

    const readJson = (request: IncomingMessage) =>
      new Promise<unknown>((resolve) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      });

    beforeAll(async () => {
      server = createServer((request, response) => {
        void readJson(request).then((body) => {
          received.push({
            method: request.method,
            url: request.url,
            authorization: request.headers.authorization,
            body,
          });
          response
            .writeHead(answer.status, { 'Content-Type': 'application/json' })
            .end(JSON.stringify(answer.body));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      Object.assign(process.env, {
        TABLE_NAME: 'nutri-unit',
        FILES_BUCKET: 'files',
        ASSETS_BUCKET: 'assets',
        ASSETS_BASE_URL: 'https://nutri.example/media',
        PUBLIC_BASE_URL: 'https://nutri.example',
        WHATSAPP_ACCESS_TOKEN: 'test-token',
        WHATSAPP_PHONE_NUMBER_ID: '1098765432',
        WHATSAPP_TEMPLATE_NAME: 'avviso_messaggio_urgente',
        WHATSAPP_API_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      });
      resetConfigCache();
    });
    afterEach(() => {
      received = [];
    });
    afterAll(async () => {
      process.env = saved;
      resetConfigCache();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('posts the template with the bearer token and returns the WhatsApp message id', async () => {
      answer = {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ wa_id: '393331234567' }],
          messages: [{ id: 'wamid.ABC' }],
        },
      };
      expect(await sendWhatsAppTemplate(notice)).toEqual({ transport: 'cloud-api', messageId: 'wamid.ABC' });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        method: 'POST',
        url: `/${WHATSAPP_GRAPH_API_VERSION}/1098765432/messages`,
        authorization: 'Bearer test-token',
        body: { to: '393331234567', type: 'template', template: { name: 'avviso_messaggio_urgente' } },
      });
    });

    it("reports a refusal with the status and Meta's code only, never its text", async () => {
      answer = {
        status: 400,
        body: { error: { message: '(#131026) Message undeliverable to +393331234567', code: 131026 } },
      };
      const error = await sendWhatsAppTemplate(notice).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(WhatsAppError);
      expect(error).toMatchObject({ reason: 'rejected', status: 400, providerCode: 131026 });
      expect((error as Error).message).not.toContain('393331234567');
      answer = { status: 503, body: {} };
      await expect(sendWhatsAppTemplate(notice)).rejects.toMatchObject({
        reason: 'unavailable',
        status: 503,
      });
    });
  });
});
