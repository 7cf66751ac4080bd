/**
 * `POST WhatsApp/Webhook`: the WhatsApp Cloud API's status webhook (docs/product.md#back-office, WhatsApp
 * log). Meta posts `{ object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value:
 * { statuses: [{ id, status, timestamp, errors? }] } }] }] }` signed with the app secret:
 * `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`. A bad or missing signature changes
 * nothing (401). Each status moves its notice forward once; repeats and late arrivals change nothing, and
 * messages we did not send are ignored (Meta posts every message of the number). Locally the WhatsApp
 * stand-in (infra/local/local-whatsapp.ts) posts the same calls, signed the same way.
 * The errors' texts may quote the phone number: only their code and title are kept, never logged.
 * A refused signature, an unreadable body or a status that could not be applied is counted for the system
 * home (platform/webhook-failures.ts, docs/product.md#system-settings).
 *
 * `GET WhatsApp/Webhook`: Meta's subscription check. When an operator subscribes the callback in the Meta
 * app dashboard, Meta calls it once with `hub.mode=subscribe`, the verify token typed there and a
 * `hub.challenge`, and expects the challenge back as plain text; any other token is refused (403).
 */
import { createHmac } from 'node:crypto';
import * as z from 'zod';
import { rawBodyOf } from '../http/area-handler';
import { AppError } from '../http/errors';
import { HttpResponse, defineOperation } from '../http/operation';
import { config } from '../platform/config';
import { safeEqual } from '../platform/hash';
import { now } from '../platform/clock';
import { logger } from '../platform/logger';
import { recordWebhookFailure, type WebhookFailureReason } from '../platform/webhook-failures';
import { readTextSecret } from '../platform/secrets';
import { applyNoticeStatus, type StatusReport } from './urgent-notice-log-repo';

export const INVALID_WHATSAPP_SIGNATURE = 'Firma del webhook WhatsApp non valida.';
export const INVALID_WHATSAPP_VERIFY_TOKEN = 'Verifica della sottoscrizione WhatsApp non riuscita.';
export const MALFORMED_WHATSAPP_EVENT = 'Il contenuto del webhook WhatsApp non è valido.';

/** Meta's `X-Hub-Signature-256` value of a body. */
export const whatsAppSignature = (secret: string, rawBody: string) =>
  `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;

const statusSchema = z.looseObject({
  id: z.string().min(1).max(200),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  timestamp: z.string().regex(/^\d{1,12}$/),
  errors: z
    .array(z.looseObject({ code: z.number().int().optional(), title: z.string().max(300).optional() }))
    .optional(),
});

const webhookSchema = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: z.string(),
              value: z.looseObject({ statuses: z.array(z.looseObject({})).optional() }),
            }),
          )
          .default([]),
      }),
    )
    .max(100),
});

const headerOf = (headers: Record<string, string | undefined> | null, name: string) =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

const appSecret = async () => {
  const { WHATSAPP_APP_SECRET_ARN, WHATSAPP_APP_SECRET } = config();
  try {
    return await readTextSecret(WHATSAPP_APP_SECRET_ARN, WHATSAPP_APP_SECRET, 'WhatsApp app secret');
  } catch {
    return null;
  }
};

/** The statuses of a verified body, as reports (unknown statuses and unreadable entries left out). */
export const statusReportsOf = (body: unknown): StatusReport[] | null => {
  const parsed = webhookSchema.safeParse(body);
  if (!parsed.success) return null;
  return parsed.data.entry.flatMap((entry) =>
    entry.changes
      .filter((change) => change.field === 'messages')
      .flatMap((change) => change.value.statuses ?? [])
      .flatMap((raw) => {
        const status = statusSchema.safeParse(raw);
        if (!status.success) return [];
        const error = status.data.errors?.[0];
        return [
          {
            providerMessageId: status.data.id,
            status: status.data.status,
            at: new Date(Number(status.data.timestamp) * 1000).toISOString(),
            failureCode: error?.code ?? null,
            failureReason: status.data.status === 'failed' ? (error?.title ?? null) : null,
          },
        ];
      }),
  );
};

const verifyToken = async () => {
  const { WHATSAPP_WEBHOOK_VERIFY_TOKEN_ARN, WHATSAPP_WEBHOOK_VERIFY_TOKEN } = config();
  try {
    return await readTextSecret(
      WHATSAPP_WEBHOOK_VERIFY_TOKEN_ARN,
      WHATSAPP_WEBHOOK_VERIFY_TOKEN,
      'WhatsApp webhook verify token',
    );
  } catch {
    return null;
  }
};

// Meta's own parameter names; anything else it adds is ignored.
const subscriptionCheckSchema = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

export const verifyWhatsAppWebhook = defineOperation(
  'public',
  { query: subscriptionCheckSchema },
  async ({ query }) => {
    const expected = await verifyToken();
    const token = query['hub.verify_token'];
    const challenge = query['hub.challenge'];
    if (
      query['hub.mode'] !== 'subscribe' ||
      !expected ||
      !token ||
      !challenge ||
      !safeEqual(token, expected)
    ) {
      throw new AppError('forbidden', INVALID_WHATSAPP_VERIFY_TOKEN);
    }
    logger.info('WhatsApp webhook subscription verified');
    return new HttpResponse(200, challenge, { 'Content-Type': 'text/plain; charset=utf-8' });
  },
);

/** Counted for the system home; a counter that cannot be written leaves the answer as it was. */
const countFailure = (reason: WebhookFailureReason) =>
  recordWebhookFailure('whatsapp', reason, now()).catch((error: unknown) =>
    logger.warn('Webhook failure not counted', { reason: error instanceof Error ? error.name : 'Error' }),
  );

export const receiveWhatsAppWebhook = defineOperation('public', {}, async ({ event }) => {
  const raw = rawBodyOf(event);
  const secret = await appSecret();
  const signature = headerOf(event.headers, 'x-hub-signature-256');
  if (!secret || !signature || !safeEqual(signature, whatsAppSignature(secret, raw))) {
    await countFailure('signature');
    throw new AppError('unauthorized', INVALID_WHATSAPP_SIGNATURE);
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    await countFailure('malformed');
    throw new AppError('bad_request', MALFORMED_WHATSAPP_EVENT);
  }
  const reports = statusReportsOf(body);
  if (!reports) {
    await countFailure('malformed');
    throw new AppError('bad_request', MALFORMED_WHATSAPP_EVENT);
  }
  const counts = { applied: 0, stale: 0, unknown: 0 };
  try {
    for (const report of reports) counts[await applyNoticeStatus(report)] += 1;
  } catch (error) {
    await countFailure('handler');
    throw error;
  }
  logger.info('WhatsApp statuses received', counts);
  return { Received: reports.length, Applied: counts.applied };
});
