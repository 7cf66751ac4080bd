/**
 * E-mail through SES v2. Locally SES_ENDPOINT points at the local SES, whose viewer shows every mail.
 * Callers pass finished Italian content (a template rendered by platform/mail-templates.ts); recipients
 * are never logged.
 */
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from './config';
import { getCurrentTemplate } from './mail-template-store';
import { fillable, renderTemplate, type TemplateRef } from './mail-templates';

// SES is loaded on the first mail, not at start: most requests send none.
// The promise is kept: every import() call would go through the module loader again.
let loading: Promise<typeof import('./mail-sdk')> | undefined;
const sdk = () => (loading ??= import('./mail-sdk'));

let client: SESv2Client | undefined;
const ses = async () => {
  if (!client) {
    const { SESv2Client } = await sdk();
    const { AWS_REGION, SES_ENDPOINT } = config();
    client = new SESv2Client({ region: AWS_REGION, ...(SES_ENDPOINT ? { endpoint: SES_ENDPOINT } : {}) });
  }
  return client;
};

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where replies go, e.g. the visitor who wrote through the contact form. */
  replyTo?: string;
  /** Tags SES passes to delivery events (e.g. which message a notification was about). */
  tags?: Record<string, string>;
  /** An optional mail's one-click unsubscribe target: sent as the RFC 8058 headers. */
  listUnsubscribeUrl?: string;
  /**
   * The template the mail was rendered from with its default texts: the current saved version, if any,
   * is rendered instead (docs/product.md#e-mail-templates).
   */
  template?: TemplateRef;
}

/** The mail as the current version of its template renders it (the default when none was saved). */
const withCurrentTemplate = async (mail: Mail): Promise<Mail> => {
  if (!mail.template) return mail;
  const current = await getCurrentTemplate(mail.template.key);
  // A version saved for values the code no longer gives would send empty gaps: the default goes instead.
  if (!current || !fillable(current, mail.template.values)) return mail;
  return { ...mail, ...renderTemplate(current, mail.template.values, mail.template.unsubscribe) };
};

/** RFC 2369 and RFC 8058: mail clients offer 'unsubscribe' and POST to the URL without a session. */
const listUnsubscribeHeaders = (url: string) => [
  { Name: 'List-Unsubscribe', Value: `<${url}>` },
  { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
];

export const sendMail = async (toSend: Mail): Promise<string | undefined> => {
  const mail = await withCurrentTemplate(toSend);
  const { MAIL_FROM, SES_CONFIGURATION_SET } = config();
  const { SendEmailCommand } = await sdk();
  const result = await (
    await ses()
  ).send(
    new SendEmailCommand({
      FromEmailAddress: MAIL_FROM,
      Destination: { ToAddresses: [mail.to] },
      ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
          ...(mail.listUnsubscribeUrl ? { Headers: listUnsubscribeHeaders(mail.listUnsubscribeUrl) } : {}),
        },
      },
      ...(SES_CONFIGURATION_SET ? { ConfigurationSetName: SES_CONFIGURATION_SET } : {}),
      ...(mail.tags
        ? { EmailTags: Object.entries(mail.tags).map(([Name, Value]) => ({ Name, Value })) }
        : {}),
    }),
  );
  return result.MessageId;
};
