/**
 * WhatsApp messages through the WhatsApp Business Cloud API (Meta's Graph API): a message to a user who
 * has not written to the business in the last 24 hours must be an approved template, so the notice is
 * one (`WHATSAPP_TEMPLATE_NAME`, body parameters filled in here). Its body is an editable template
 * (docs/product.md#e-mail-templates) written with named variables: the current version gives the parameters
 * (its variables in their order of first use) and the text the local record shows
 * (platform/text-message.ts). The approved template at Meta is what the recipient reads: an edit of the
 * words goes with the same edit of the template in WhatsApp Manager.
 *
 * - With an access token (a Secrets Manager ARN in the cloud, or inline) it posts
 *   `POST {WHATSAPP_API_BASE_URL}/v{N}/{WHATSAPP_PHONE_NUMBER_ID}/messages`.
 * - Without one (the local runtime) the message is recorded instead: e-mailed to
 *   `<digits>@whatsapp.nutri.local`, so it shows in the local mail viewer like text messages do.
 * Phone numbers and the provider's error texts (they may quote the number) are never logged.
 */
import { config } from './config';
import { sendMail } from './mail';
import { escapeHtml } from './mail-layout';
import { readTextSecret } from './secrets';
import { currentText, type TextMessage } from './text-message';

/** Graph API version the request is built for (Meta supports each for about two years). */
export const WHATSAPP_GRAPH_API_VERSION = 'v21.0';
/** Past this the nutritionist gets an answer anyway (the area Lambda gives up at 10 s). */
const REQUEST_TIMEOUT_MS = 6_000;

/** What a notice asks to send: the number, the body (a text template) and the button's link. */
export interface WhatsAppNotice {
  /** E.164 number, e.g. `+393331234567`. */
  to: string;
  /** The body: its current version gives the parameters and the local record's text. */
  body: TextMessage;
  /** The dynamic end of the template's URL button (see WhatsAppTemplateMessage). */
  urlButtonSuffix?: string;
  /** The whole link the button opens (shown in the local record under the text). */
  buttonUrl?: string;
}

export interface WhatsAppTemplateMessage {
  /** E.164 number, e.g. `+393331234567`. */
  to: string;
  /** The template's body parameters, in order. */
  parameters: string[];
  /** The text the template reads with these parameters (what the local record shows). */
  preview: string;
  /**
   * The dynamic end of the template's URL button (its first button), when the template has one: the
   * approved template holds the fixed start of the link, the message only the part that changes.
   */
  urlButtonSuffix?: string;
}

export interface WhatsAppSendResult {
  transport: 'cloud-api' | 'local';
  /** WhatsApp's message id (`wamid…`), or the local record's id. */
  messageId: string;
}

/** The provider refused or failed; `status` and Meta's numeric `code` only (its message may quote the number). */
export class WhatsAppError extends Error {
  constructor(
    readonly reason: 'not-configured' | 'rejected' | 'unavailable',
    readonly status?: number,
    readonly providerCode?: number,
  ) {
    super(
      `WhatsApp ${reason}${status ? ` (HTTP ${status}${providerCode ? `, code ${providerCode}` : ''})` : ''}`,
    );
    this.name = 'WhatsAppError';
  }
}

/** Digits only, as the Cloud API takes the recipient (`wa_id` form, no `+`). */
export const whatsAppRecipient = (phoneNumber: string) => phoneNumber.replace(/\D/g, '');

export interface TemplateRequestSettings {
  baseUrl: string;
  phoneNumberId: string;
  templateName: string;
  language: string;
}

/** The Cloud API request of a template message (pure: unit-tested as it is). */
export const templateMessageRequest = (
  settings: TemplateRequestSettings,
  accessToken: string,
  message: WhatsAppTemplateMessage,
) => ({
  url: `${settings.baseUrl.replace(/\/$/, '')}/${WHATSAPP_GRAPH_API_VERSION}/${encodeURIComponent(settings.phoneNumberId)}/messages`,
  init: {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: whatsAppRecipient(message.to),
      type: 'template',
      template: {
        name: settings.templateName,
        language: { code: settings.language },
        components: [
          {
            type: 'body',
            parameters: message.parameters.map((text) => ({ type: 'text', text })),
          },
          ...(message.urlButtonSuffix === undefined
            ? []
            : [
                {
                  type: 'button',
                  sub_type: 'url',
                  index: '0',
                  parameters: [{ type: 'text', text: message.urlButtonSuffix }],
                },
              ]),
        ],
      },
    }),
  } satisfies RequestInit,
});

const isConfigured = () => {
  const { WHATSAPP_ACCESS_TOKEN_ARN, WHATSAPP_ACCESS_TOKEN } = config();
  return Boolean(WHATSAPP_ACCESS_TOKEN_ARN || WHATSAPP_ACCESS_TOKEN);
};

const sendThroughCloudApi = async (message: WhatsAppTemplateMessage): Promise<WhatsAppSendResult> => {
  const settings = config();
  if (!settings.WHATSAPP_PHONE_NUMBER_ID) throw new WhatsAppError('not-configured');
  let token: string;
  try {
    token = await readTextSecret(
      settings.WHATSAPP_ACCESS_TOKEN_ARN,
      settings.WHATSAPP_ACCESS_TOKEN,
      'WhatsApp access token',
    );
  } catch {
    // An empty secret (not set yet after deploy) is a configuration gap, not a server fault.
    throw new WhatsAppError('not-configured');
  }
  const { url, init } = templateMessageRequest(
    {
      baseUrl: settings.WHATSAPP_API_BASE_URL,
      phoneNumberId: settings.WHATSAPP_PHONE_NUMBER_ID,
      templateName: settings.WHATSAPP_TEMPLATE_NAME,
      language: settings.WHATSAPP_TEMPLATE_LANGUAGE,
    },
    token,
    message,
  );
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    throw new WhatsAppError('unavailable');
  }
  const body = (await response.json().catch(() => null)) as {
    messages?: { id?: string }[];
    error?: { code?: number };
  } | null;
  if (!response.ok) {
    throw new WhatsAppError(
      response.status >= 500 || response.status === 429 ? 'unavailable' : 'rejected',
      response.status,
      typeof body?.error?.code === 'number' ? body.error.code : undefined,
    );
  }
  const messageId = body?.messages?.[0]?.id;
  if (!messageId) throw new WhatsAppError('unavailable', response.status);
  return { transport: 'cloud-api', messageId };
};

// The local record: the message as the recipient would read it, in the local mail viewer.
const recordLocally = async (message: WhatsAppTemplateMessage): Promise<WhatsAppSendResult> => {
  const messageId = await sendMail({
    to: `${whatsAppRecipient(message.to)}@whatsapp.nutri.local`,
    subject: `WhatsApp a ${message.to}`,
    text: message.preview,
    html: `<p>${escapeHtml(message.preview)}</p>`,
  });
  return { transport: 'local', messageId: `local-${messageId ?? 'recorded'}` };
};

export const sendWhatsAppTemplate = async (notice: WhatsAppNotice): Promise<WhatsAppSendResult> => {
  const { text, parameters } = await currentText(notice.body);
  const message: WhatsAppTemplateMessage = {
    to: notice.to,
    parameters,
    preview: notice.buttonUrl ? `${text}\n${notice.buttonUrl}` : text,
    ...(notice.urlButtonSuffix === undefined ? {} : { urlButtonSuffix: notice.urlButtonSuffix }),
  };
  return isConfigured() ? sendThroughCloudApi(message) : recordLocally(message);
};
