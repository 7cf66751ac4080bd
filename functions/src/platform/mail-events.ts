/**
 * SES delivery events as they reach a Lambda: the configuration set publishes each event to an SNS topic,
 * and SNS invokes the Lambda with `{ Records: [{ EventSource: 'aws:sns', Sns: { Message } }] }`, where
 * Message is the SES event JSON (`eventType`, `mail` with `messageId` and `tags`, and one object named
 * after the event with its `timestamp`). The local runtime's SES publishes the same shape
 * (infra/local/ses.ts). Events are mapped to a chat message's last delivery event, EmailLastEvent
 * (docs/product.md#data):
 *
 * | SES event                 | EmailLastEvent |
 * | ------------------------- | -------------- |
 * | Send                      | processed      |
 * | Delivery                  | delivered      |
 * | Open                      | open           |
 * | Click                     | click          |
 * | Reject, Rendering Failure | dropped        |
 * | Bounce                    | bounce         |
 * | Complaint                 | spamreport     |
 * | DeliveryDelay             | deferred       |
 *
 * Subscription events (list management, unused here) map to nothing and are ignored.
 */
import type { SNSEvent } from 'aws-lambda';
import * as z from 'zod';
import type { EmailEvent } from '@nutri/shared';

const SES_EVENT_MAP: Record<string, { event: EmailEvent; detail: string | null }> = {
  Send: { event: 'processed', detail: null },
  Delivery: { event: 'delivered', detail: 'delivery' },
  Open: { event: 'open', detail: 'open' },
  Click: { event: 'click', detail: 'click' },
  Reject: { event: 'dropped', detail: null },
  'Rendering Failure': { event: 'dropped', detail: null },
  Bounce: { event: 'bounce', detail: 'bounce' },
  Complaint: { event: 'spamreport', detail: 'complaint' },
  DeliveryDelay: { event: 'deferred', detail: 'deliveryDelay' },
};

const sesEventSchema = z.looseObject({
  // Configuration-set events say `eventType`; identity notifications (the older feed) `notificationType`.
  eventType: z.string().optional(),
  notificationType: z.string().optional(),
  mail: z.looseObject({
    messageId: z.string().min(1),
    timestamp: z.string(),
    tags: z.record(z.string(), z.array(z.string())).default({}),
    destination: z.array(z.string()).default([]),
    commonHeaders: z.looseObject({ subject: z.string().optional() }).optional(),
  }),
});

export interface MailEvent {
  /** SES's id of the mail (what SendEmail returned). */
  sesMessageId: string;
  event: EmailEvent;
  /** ISO instant of the event itself (the send, the delivery, the open …). */
  at: string;
  /** The mail's tags (our `EmailTags` plus SES's own `ses:*` ones). */
  tags: Record<string, string[]>;
  /** The recipients' addresses (the mail log finds their accounts by them; never logged). */
  destination: string[];
  /** The mail's subject, as sent. */
  subject: string | null;
  /** ISO instant SES accepted the mail. */
  sentAt: string;
}

/** The mapped value of an SES event type, or null for one the spec does not track. */
export const emailEventOf = (sesEventType: string): EmailEvent | null =>
  SES_EVENT_MAP[sesEventType]?.event ?? null;

/** One SES event JSON (an SNS Message) to a MailEvent; null when unreadable or not tracked. */
export const parseSesEvent = (message: string): MailEvent | null => {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return null;
  }
  const parsed = sesEventSchema.safeParse(json);
  if (!parsed.success) return null;
  const type = parsed.data.eventType ?? parsed.data.notificationType ?? '';
  const mapping = SES_EVENT_MAP[type];
  if (!mapping) return null;
  const detail = mapping.detail ? (parsed.data as Record<string, unknown>)[mapping.detail] : undefined;
  const detailTime =
    detail && typeof detail === 'object' && typeof (detail as { timestamp?: unknown }).timestamp === 'string'
      ? (detail as { timestamp: string }).timestamp
      : undefined;
  const at = new Date(detailTime ?? parsed.data.mail.timestamp);
  if (Number.isNaN(at.getTime())) return null;
  return {
    sesMessageId: parsed.data.mail.messageId,
    event: mapping.event,
    at: at.toISOString(),
    tags: parsed.data.mail.tags,
    destination: parsed.data.mail.destination,
    subject: parsed.data.mail.commonHeaders?.subject ?? null,
    sentAt: Number.isNaN(Date.parse(parsed.data.mail.timestamp))
      ? at.toISOString()
      : new Date(parsed.data.mail.timestamp).toISOString(),
  };
};

export const isSnsEvent = (event: unknown): event is SNSEvent =>
  typeof event === 'object' &&
  event !== null &&
  Array.isArray((event as { Records?: unknown }).Records) &&
  (event as SNSEvent).Records.every((record) => record?.EventSource === 'aws:sns');

/** The tracked SES events of an SNS invocation (anything else on the topic is skipped). */
export const mailEventsOf = (event: SNSEvent): MailEvent[] =>
  event.Records.map((record) => parseSesEvent(record.Sns.Message)).filter(
    (parsed): parsed is MailEvent => parsed !== null,
  );

/** The first value of one of our tags. */
export const tagValue = (event: MailEvent, name: string) => event.tags[name]?.[0];
