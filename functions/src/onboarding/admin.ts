/** Back-office views of onboarding: the Tally webhook log (/Admin/TallyWebhooks). */
import * as z from 'zod';
import { defineOperation } from '../http/operation';
import { pageCursor } from '../platform/db/cursor';
import { config } from '../platform/config';
import { listWebhookLog } from './submissions-repo';

export const listTallyWebhookLog = defineOperation(
  ['BusinessAdmin'],
  {
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(100).default(25),
      cursor: z.string().max(2000).optional(),
    }),
  },
  async ({ query }) => {
    const cursor = pageCursor('tally-webhook-log');
    const page = await listWebhookLog(query.limit, await cursor.decode(query.cursor));
    return { Data: page.entries, Count: page.entries.length, NextCursor: await cursor.encode(page.next) };
  },
);

/** What the web app needs to know about this deployment before anyone signs in. */
export const getPublicConfig = defineOperation('public', {}, () => {
  const { TALLY_FORM_ID, SUPPORT_WHATSAPP_NUMBER, GOOGLE_CLIENT_ID } = config();
  return Promise.resolve({
    TallyFormId: TALLY_FORM_ID ?? null,
    GoogleClientId: GOOGLE_CLIENT_ID ?? null,
    SupportWhatsAppUrl: SUPPORT_WHATSAPP_NUMBER ? `https://wa.me/${SUPPORT_WHATSAPP_NUMBER}` : null,
  });
});
