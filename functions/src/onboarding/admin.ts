/**
 * Back-office views of onboarding (docs/product.md#back-office): the questionnaire webhook log
 * (/Admin/TallyWebhooks) with the patient each delivery created or matched, the payload viewer (the
 * answers are health data: BusinessAdmin only, every view audited before it is answered) and the replay of
 * a failed delivery (idempotent: the submission is stored once whatever the number of replays, and the
 * delivery records its first replay only).
 */
import * as z from 'zod';
import { TALLY_LOG_FILTERS } from '@nutri/shared';
import type { SignedInActor } from '../http/actor';
import { AppError, notFound } from '../http/errors';
import { defineOperation } from '../http/operation';
import { pageLimitSchema } from '../http/page-query';
import { getUserNames } from '../accounts';
import { recordAudit } from '../platform/audit';
import { now } from '../platform/clock';
import { pageCursor } from '../platform/db/cursor';
import { config } from '../platform/config';
import {
  getSubmission,
  getSubmissionLinks,
  getWebhookDelivery,
  listUnclaimedSubmissions,
  listWebhookLog,
  recordReplay,
  type WebhookLogEntry,
  type WebhookOutcome,
} from './submissions-repo';
import { processTallyBody } from './tally-webhook';

export const DELIVERY_NOT_FOUND = 'Consegna del webhook non trovata.';
export const NOT_REPLAYABLE =
  'Si possono rielaborare solo le consegne non riuscite con la firma valida: questa non lo è.';
export const UNSIGNED_NOT_KEPT =
  'Il contenuto di una consegna con la firma non valida non viene conservato: non si può mostrare né rielaborare.';
export const PAYLOAD_NOT_KEPT = 'Il contenuto di questa consegna non è stato conservato.';

const logIdPath = z.object({
  logId: z
    .string()
    .min(1, 'Identificativo della consegna mancante.')
    .max(100, 'Identificativo della consegna non valido.'),
});

interface LogRow extends WebhookLogEntry {
  PatientUserId: string | null;
  PatientName: string | null;
  NutritionistUserId: string | null;
  NutritionistName: string | null;
}

/** Each row with the patient who registered with its submission and the nutritionist it was matched to. */
const withPeople = async (entries: WebhookLogEntry[]): Promise<LogRow[]> => {
  const links = await getSubmissionLinks(entries.flatMap((entry) => entry.SubmissionId ?? []));
  const names = await getUserNames([
    ...new Set(
      [...links.values()].flatMap((link) => [link.patientUserId, link.nutritionistUserId].filter(Boolean)),
    ),
  ] as string[]);
  return entries.map((entry) => {
    const link = entry.SubmissionId ? links.get(entry.SubmissionId) : undefined;
    const patientUserId = link?.patientUserId ?? null;
    const nutritionistUserId = link?.nutritionistUserId ?? null;
    return {
      ...entry,
      PatientUserId: patientUserId,
      PatientName: patientUserId ? (names.get(patientUserId)?.DisplayName ?? null) : null,
      NutritionistUserId: nutritionistUserId,
      NutritionistName: nutritionistUserId ? (names.get(nutritionistUserId)?.DisplayName ?? null) : null,
    };
  });
};

export const listTallyWebhookLog = defineOperation(
  ['BusinessAdmin'],
  {
    query: z.strictObject({
      limit: pageLimitSchema(),
      cursor: z.string().max(2000).optional(),
      filter: z.enum(TALLY_LOG_FILTERS, { error: 'Filtro non valido.' }).default('all'),
    }),
  },
  async ({ query }) => {
    const cursor = pageCursor('tally-webhook-log', query.filter);
    const start = await cursor.decode(query.cursor);
    if (query.filter === 'unclaimed') {
      // Questionnaires nobody registered with: rows made from the submissions themselves.
      const page = await listUnclaimedSubmissions(query.limit, start);
      const entries: WebhookLogEntry[] = page.submissions.map((submission) => ({
        LogId: submission.logId ?? '',
        ReceivedAt: submission.receivedAt,
        Outcome: 'stored',
        StatusCode: 200,
        SubmissionId: submission.submissionId,
        EventId: submission.eventId,
        MatchOutcome: submission.matchKind,
        SignatureValid: true,
        PayloadStored: Boolean(submission.logId),
      }));
      const Data = await withPeople(entries);
      return { Data, Count: Data.length, NextCursor: await cursor.encode(page.next) };
    }
    const page = await listWebhookLog(query.limit, start, query.filter);
    const Data = await withPeople(page.entries);
    return { Data, Count: Data.length, NextCursor: await cursor.encode(page.next) };
  },
);

const auditDelivery = (
  actor: SignedInActor<'BusinessAdmin'>,
  action: string,
  entry: WebhookLogEntry,
  details: Record<string, string | number | null> = {},
) =>
  recordAudit(
    {
      Action: action,
      ActorUserId: actor.userId,
      SubjectType: 'tally-delivery',
      SubjectId: entry.LogId,
      Details: { SubmissionId: entry.SubmissionId, ...details },
    },
    now(),
  );

// GET Admin/TallyWebhooks/{logId}/Payload: the body as Tally sent it; the view is audited first.
export const getTallyDeliveryPayload = defineOperation(
  ['BusinessAdmin'],
  { path: logIdPath },
  async ({ path, actor }) => {
    const delivery = await getWebhookDelivery(path.logId);
    if (!delivery) throw notFound(DELIVERY_NOT_FOUND);
    if (delivery.entry.SignatureValid === false) throw new AppError('conflict', UNSIGNED_NOT_KEPT);
    if (delivery.rawBody === null) throw new AppError('conflict', PAYLOAD_NOT_KEPT);
    await auditDelivery(actor, 'tally.payload.read', delivery.entry);
    let payload: unknown;
    try {
      payload = JSON.parse(delivery.rawBody);
    } catch {
      payload = null;
    }
    // An unreadable body is shown as text: that is what the delivery failed on.
    return {
      LogId: delivery.entry.LogId,
      Payload: payload,
      RawBody: payload === null ? delivery.rawBody : null,
    };
  },
);

/**
 * Whether the stored submission came with this very delivery. A concurrent replay of it (or the failed
 * delivery itself, when its write landed before the error) may store the submission between this replay's
 * read and its write: the store then answers duplicate, yet the questionnaire was stored by this delivery,
 * whichever call records the replay first. A submission another delivery brought stays a duplicate.
 */
const storedByThisDelivery = async (submissionId: string, logId: string) =>
  (await getSubmission(submissionId))?.logId === logId;

// POST Admin/TallyWebhooks/{logId}/Replay: process a failed delivery's body again, once.
export const replayTallyDelivery = defineOperation(
  ['BusinessAdmin'],
  { path: logIdPath },
  async ({ path, actor }) => {
    const delivery = await getWebhookDelivery(path.logId);
    if (!delivery) throw notFound(DELIVERY_NOT_FOUND);
    const { entry, rawBody } = delivery;
    if (entry.SignatureValid === false) throw new AppError('conflict', UNSIGNED_NOT_KEPT);
    if (entry.Outcome !== 'failed' && entry.Outcome !== 'malformed')
      throw new AppError('conflict', NOT_REPLAYABLE);
    if (entry.ReplayedAt) {
      // Already replayed: the same answer again, nothing processed twice.
      await auditDelivery(actor, 'tally.delivery.replay', entry, { Repeated: 1 });
      return {
        LogId: entry.LogId,
        Outcome: entry.ReplayOutcome ?? entry.Outcome,
        SubmissionId: entry.SubmissionId,
        AlreadyReplayed: true,
      };
    }
    if (rawBody === null) throw new AppError('conflict', PAYLOAD_NOT_KEPT);
    const at = now();
    // Stored as received when it first arrived, not when it was replayed.
    const processed = await processTallyBody(rawBody, new Date(entry.ReceivedAt), entry.LogId);
    const outcome: WebhookOutcome = !processed
      ? 'malformed'
      : processed.Duplicate && !(await storedByThisDelivery(processed.SubmissionId, entry.LogId))
        ? 'duplicate'
        : 'stored';
    const submissionId = processed?.SubmissionId ?? entry.SubmissionId;
    const first = await recordReplay(entry, {
      at: at.toISOString(),
      by: actor.userId,
      outcome,
      submissionId,
    });
    await auditDelivery(actor, 'tally.delivery.replay', entry, {
      Outcome: outcome,
      ...(first ? {} : { Repeated: 1 }),
    });
    return { LogId: entry.LogId, Outcome: outcome, SubmissionId: submissionId, AlreadyReplayed: !first };
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
