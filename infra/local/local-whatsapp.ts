/**
 * Stands in for the WhatsApp Business Cloud API locally, as local-stripe.ts does for Stripe. Two faces:
 * - The Graph API's `POST /{version}/{phoneNumberId}/messages` (template messages), on a loopback port of
 *   its own: the platform's WhatsApp adapter (functions/src/platform/whatsapp.ts) is pointed here by
 *   WHATSAPP_API_BASE_URL with the stand-in's token, so it runs exactly the code it runs in the cloud. Each
 *   message is shown in the local mail viewer as the recipient would read it
 *   (`<digits>@whatsapp.nutri.local`).
 * - Meta's status webhook: a moment after each message the stand-in posts `sent`, then `delivered`, then
 *   `read` to the product's own `POST /api/v2/WhatsApp/Webhook`, signed with the app secret as Meta signs
 *   (`X-Hub-Signature-256`), so the WhatsApp log's statuses change locally as in the cloud. A number ending
 *   in 0000 is undeliverable: it gets `sent`, then `failed` with Meta's error 131026.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_BASE_PATH } from '@nutri/shared';
import { whatsAppSignature } from '@nutri/functions/chat/whatsapp-status-webhook';
import { randomToken } from '@nutri/functions/platform/ids';
import { sendMail } from '@nutri/functions/platform/mail';
import { escapeHtml } from '@nutri/functions/platform/mail-layout';

export const LOCAL_WHATSAPP_ACCESS_TOKEN = 'local-whatsapp-access-token';
export const LOCAL_WHATSAPP_APP_SECRET = 'local-whatsapp-app-secret';
export const LOCAL_WHATSAPP_WEBHOOK_VERIFY_TOKEN = 'local-whatsapp-verify-token';
export const LOCAL_WHATSAPP_PHONE_NUMBER_ID = '100000000000001';
/** Between one status and the next, as the real network spaces them (shortened). */
const STATUS_STEP_MS = 150;
/** Meta's "Message undeliverable" error. */
const UNDELIVERABLE = { code: 131026, title: 'Message undeliverable' };

interface TemplateComponent {
  type?: string;
  sub_type?: string;
  parameters?: { type?: string; text?: string }[];
}

interface TemplateRequest {
  messaging_product?: string;
  to?: string;
  type?: string;
  template?: { name?: string; language?: { code?: string }; components?: TemplateComponent[] };
}

/**
 * The approved templates as Meta holds them: the body with its numbered parameters, the URL button's
 * fixed start. Only the notice's template exists here, as in the product's WhatsApp Business account.
 */
const renderTemplate = (request: TemplateRequest, publicOrigin: string) => {
  const components = request.template?.components ?? [];
  const body = components.find((component) => component.type === 'body')?.parameters ?? [];
  const button = components.find((component) => component.type === 'button' && component.sub_type === 'url');
  const [name, nutritionist] = body.map((parameter) => parameter.text ?? '');
  if (request.template?.name !== 'avviso_messaggio_urgente' || !name || !nutritionist) return null;
  const link = button?.parameters?.[0]?.text;
  return `Ciao ${name}, ${nutritionist} ti ha scritto nella chat di Nutrì e ti chiede di leggere il messaggio al più presto: ${publicOrigin}/Chat${link ? `?UserId=${encodeURIComponent(link)}` : ''}`;
};

const graphError = (response: ServerResponse, status: number, code: number, message: string) =>
  sendJson(response, status, { error: { message, type: 'OAuthException', code } });

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
};

const readJson = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return null;
  }
};

/** One status call as Meta shapes it (`entry[].changes[].value.statuses[]`). */
const statusCall = (
  messageId: string,
  recipient: string,
  status: string,
  at: Date,
  error?: { code: number; title: string },
) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'local-waba',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: '390000000000',
                phone_number_id: LOCAL_WHATSAPP_PHONE_NUMBER_ID,
              },
              statuses: [
                {
                  id: messageId,
                  status,
                  timestamp: String(Math.floor(at.getTime() / 1000)),
                  recipient_id: recipient,
                  ...(error ? { errors: [error] } : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  });

const postStatus = async (webhookOrigin: string, body: string) => {
  const response = await fetch(`${webhookOrigin}${API_BASE_PATH}/WhatsApp/Webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Hub-Signature-256': whatsAppSignature(LOCAL_WHATSAPP_APP_SECRET, body),
    },
    body,
  });
  if (!response.ok) throw new Error(`Local WhatsApp status not accepted: ${response.status}`);
};

/** The statuses of one message, one after the other, as the phone network reports them. */
const reportStatuses = (webhookOrigin: string, messageId: string, recipient: string) => {
  const steps: [string, { code: number; title: string }?][] = recipient.endsWith('0000')
    ? [['sent'], ['failed', UNDELIVERABLE]]
    : [['sent'], ['delivered'], ['read']];
  const run = async () => {
    for (const [status, error] of steps) {
      await new Promise((resolve) => setTimeout(resolve, STATUS_STEP_MS));
      await postStatus(webhookOrigin, statusCall(messageId, recipient, status, new Date(), error));
    }
  };
  run().catch((error: unknown) => {
    console.warn(`Local WhatsApp status not delivered: ${error instanceof Error ? error.message : 'Error'}`);
  });
};

export interface LocalWhatsAppOptions {
  /** The product's public origin (the template's link starts there). */
  publicOrigin: string;
  /** Where the webhook route is reached from this process. */
  webhookOrigin: string;
}

/** The Graph API's messages endpoint on a free loopback port; its origin goes into WHATSAPP_API_BASE_URL. */
export const startLocalWhatsApp = async ({ publicOrigin, webhookOrigin }: LocalWhatsAppOptions) => {
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.headers.authorization !== `Bearer ${LOCAL_WHATSAPP_ACCESS_TOKEN}`)
      return graphError(response, 401, 190, 'Invalid OAuth access token.');
    const url = new URL(request.url ?? '/', 'http://graph.local');
    const match = /^\/v[\d.]+\/(\d+)\/messages$/.exec(url.pathname);
    if (request.method !== 'POST' || !match) return graphError(response, 404, 100, 'Unknown path.');
    if (match[1] !== LOCAL_WHATSAPP_PHONE_NUMBER_ID)
      return graphError(response, 400, 100, 'Invalid phone number id.');
    const body = (await readJson(request)) as TemplateRequest | null;
    const recipient = body?.to?.replace(/\D/g, '') ?? '';
    const text = body ? renderTemplate(body, publicOrigin) : null;
    if (body?.messaging_product !== 'whatsapp' || body.type !== 'template' || !recipient || !text)
      return graphError(response, 400, 132000, 'Template parameters do not match the template.');
    await sendMail({
      to: `${recipient}@whatsapp.nutri.local`,
      subject: `WhatsApp a +${recipient}`,
      text,
      html: `<p>${escapeHtml(text)}</p>`,
    });
    const messageId = `wamid.local${randomToken(24)}`;
    reportStatuses(webhookOrigin, messageId, recipient);
    return sendJson(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: recipient }],
      messages: [{ id: messageId }],
    });
  };
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.warn(`Local WhatsApp failed: ${error instanceof Error ? error.message : 'Error'}`);
      if (!response.headersSent) graphError(response, 500, 1, 'An unknown error occurred.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
