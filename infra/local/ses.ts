/**
 * Local SES (aws-ses-v2-local): the real SES v2 client sends to it, and its web viewer shows every mail.
 * Mails live in memory: they are gone after a restart, like a real inbox you never had.
 *
 * The emulator knows nothing of configuration sets and delivery events, so it sits behind a small proxy
 * that adds them: every mail it accepts is published, like SES does for the identity's default
 * configuration set in the cloud (data stack), as SES events in SNS notifications to `publish` (the local
 * runtime hands them to the same Lambda handler the SNS subscription invokes in the cloud). A mail is
 * sent and delivered, except to the addresses of SES's mailbox simulator, which behave as in SES
 * (`bounce@simulator.amazonses.com`, also with a `+label`; `complaint@…`; `suppressionlist@…`).
 */
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SNSEvent } from 'aws-lambda';
import { freePort } from './ports';

// A CommonJS module whose function is `exports.default`: require it to get that function under ESM too.
const { default: sesServer } = createRequire(import.meta.url)(
  'aws-ses-v2-local',
) as typeof import('aws-ses-v2-local');

export interface LocalSes {
  endpoint: string;
  viewerUrl: string;
  stop: () => Promise<void>;
}

export interface LocalSesOptions {
  /** Receives each delivery event as SNS would deliver it to a subscribed Lambda. */
  publish?: (event: SNSEvent) => Promise<unknown>;
  onLog?: (line: string) => void;
}

/** The account and topic the local events claim to come from (names only; nothing checks them). */
const LOCAL_ACCOUNT = '000000000000';
const LOCAL_REGION = 'eu-south-1';
const LOCAL_TOPIC_ARN = `arn:aws:sns:${LOCAL_REGION}:${LOCAL_ACCOUNT}:nutri-local-mail-events`;
/** The identity's default configuration set stands for the data stack's one. */
const LOCAL_CONFIGURATION_SET = 'nutri-local';
/** Gaps between accepting a mail and its events, as SES's own are a fraction of a second to seconds. */
const EVENT_DELAYS_MS = [150, 350, 500];
/** A Lambda invoked asynchronously by SNS is retried twice when it fails. */
const RETRY_DELAYS_MS = [1_000, 2_000];

interface SendEmailRequest {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  ConfigurationSetName?: string;
  EmailTags?: { Name: string; Value: string }[];
  Content?: { Simple?: { Subject?: { Data?: string } } };
}

type SimulatedEvent = 'Send' | 'Delivery' | 'Bounce' | 'Complaint';

/** What happens to a mail: SES's mailbox simulator addresses, otherwise sent and delivered. */
export const simulatedEvents = (to: readonly string[]): SimulatedEvent[] => {
  const simulator = /^([a-z]+)(\+[^@]*)?@simulator\.amazonses\.com$/i;
  const kind = to.map((address) => simulator.exec(address.trim())?.[1]?.toLowerCase()).find(Boolean);
  if (kind === 'bounce' || kind === 'suppressionlist') return ['Send', 'Bounce'];
  if (kind === 'complaint') return ['Send', 'Delivery', 'Complaint'];
  return ['Send', 'Delivery'];
};

/** One SES event (event publishing format) for a mail the emulator accepted. */
export const sesEventJson = (
  type: SimulatedEvent,
  mail: { messageId: string; sentAt: Date; request: SendEmailRequest },
  at: Date,
) => {
  const to = mail.request.Destination?.ToAddresses ?? [];
  const from = mail.request.FromEmailAddress ?? '';
  const tags: Record<string, string[]> = {
    'ses:configuration-set': [mail.request.ConfigurationSetName ?? LOCAL_CONFIGURATION_SET],
    'ses:source-ip': ['127.0.0.1'],
    'ses:from-domain': [/@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'nutri.local'],
    'ses:caller-identity': ['local'],
  };
  for (const tag of mail.request.EmailTags ?? []) tags[tag.Name] = [tag.Value];
  const timestamp = at.toISOString();
  const details: Record<SimulatedEvent, [string, Record<string, unknown>]> = {
    Send: ['send', {}],
    Delivery: [
      'delivery',
      {
        timestamp,
        processingTimeMillis: at.getTime() - mail.sentAt.getTime(),
        recipients: to,
        smtpResponse: '250 2.0.0 OK (local)',
        reportingMTA: 'local-ses',
      },
    ],
    Bounce: [
      'bounce',
      {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: to.map((emailAddress) => ({ emailAddress, status: '5.1.1' })),
        timestamp,
        feedbackId: randomUUID(),
        reportingMTA: 'dns; local-ses',
      },
    ],
    Complaint: [
      'complaint',
      {
        complainedRecipients: to.map((emailAddress) => ({ emailAddress })),
        timestamp,
        feedbackId: randomUUID(),
        complaintFeedbackType: 'abuse',
        arrivalDate: timestamp,
      },
    ],
  };
  const [detailName, detail] = details[type];
  return {
    eventType: type,
    mail: {
      timestamp: mail.sentAt.toISOString(),
      source: from,
      sendingAccountId: LOCAL_ACCOUNT,
      messageId: mail.messageId,
      destination: to,
      headersTruncated: false,
      headers: [],
      commonHeaders: {
        from: [from],
        to,
        messageId: mail.messageId,
        subject: mail.request.Content?.Simple?.Subject?.Data ?? '',
      },
      tags,
    },
    [detailName]: detail,
  };
};

/** The SNS notification a subscribed Lambda receives for one message published to the topic. */
export const snsEventOf = (message: unknown, at: Date): SNSEvent => ({
  Records: [
    {
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: `${LOCAL_TOPIC_ARN}:${randomUUID()}`,
      Sns: {
        Type: 'Notification',
        MessageId: randomUUID(),
        TopicArn: LOCAL_TOPIC_ARN,
        Subject: '',
        Message: JSON.stringify(message),
        Timestamp: at.toISOString(),
        SignatureVersion: '1',
        Signature: '',
        SigningCertUrl: '',
        UnsubscribeUrl: '',
        MessageAttributes: {},
      },
    },
  ],
});

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

const readBody = (stream: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export const startSes = async (options: LocalSesOptions = {}): Promise<LocalSes> => {
  const emulator = await sesServer({ host: '127.0.0.1', port: await freePort() });
  const emulatorPort = (emulator.address() as AddressInfo).port;
  const log = options.onLog ?? (() => undefined);

  // Publishes a mail's events one after the other, each retried like an asynchronous Lambda invocation.
  const publishEvents = async (messageId: string, request: SendEmailRequest, sentAt: Date) => {
    const publish = options.publish;
    if (!publish) return;
    const types = simulatedEvents(request.Destination?.ToAddresses ?? []);
    for (const [step, type] of types.entries()) {
      await pause(EVENT_DELAYS_MS[step] ?? 500);
      const at = new Date();
      const event = snsEventOf(sesEventJson(type, { messageId, sentAt, request }, at), at);
      for (let attempt = 0; ; attempt += 1) {
        try {
          await publish(event);
          break;
        } catch (error) {
          if (attempt >= RETRY_DELAYS_MS.length) {
            log(`ses: ${type} event of ${messageId} not handled: ${(error as Error).message}`);
            break;
          }
          await pause(RETRY_DELAYS_MS[attempt]!);
        }
      }
    }
  };

  const proxy = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const upstream = await new Promise<IncomingMessage>((resolve, reject) => {
        const forwarded = httpRequest(
          {
            host: '127.0.0.1',
            port: emulatorPort,
            method: request.method,
            path: request.url,
            headers: request.headers,
          },
          resolve,
        );
        forwarded.on('error', reject);
        forwarded.end(body);
      });
      const answer = await readBody(upstream);
      response.writeHead(upstream.statusCode ?? 502, upstream.headers).end(answer);
      if (
        request.method === 'POST' &&
        request.url === '/v2/email/outbound-emails' &&
        upstream.statusCode === 200
      ) {
        const sent = JSON.parse(answer.toString('utf8')) as { MessageId?: string };
        const sendRequest = JSON.parse(body.toString('utf8')) as SendEmailRequest;
        if (sent.MessageId) void publishEvents(sent.MessageId, sendRequest, new Date());
      }
    })().catch((error: unknown) => {
      log(`ses proxy: ${(error as Error).message}`);
      if (!response.headersSent) response.writeHead(502).end();
    });
  });
  const port = await freePort();
  await listen(proxy, port);
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    viewerUrl: `${endpoint}/`,
    stop: async () => {
      await closeServer(proxy);
      await closeServer(emulator);
    },
  };
};
