/**
 * POST Tally/Webhook: the questionnaire's answers arrive here, from Tally in the cloud or from the local
 * questionnaire page, signed the same way. A bad or missing signature changes nothing (401); a replay of a
 * stored submission changes nothing (200, duplicate); every call is logged for /Admin/TallyWebhooks.
 */
import { tallyWebhookSchema, type TallyWebhook } from '@nutri/shared';
import { rawBodyOf } from '../http/area-handler';
import { AppError } from '../http/errors';
import { defineOperation } from '../http/operation';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { newId } from '../platform/ids';
import { logger } from '../platform/logger';
import { readTextSecret } from '../platform/secrets';
import { listMatchCandidates } from './candidates';
import { criteriaFromAnswers, matchNutritionist } from './matching';
import {
  appendWebhookLog,
  getSubmission,
  putSubmissionOnce,
  type MatchRecord,
  type WebhookLogEntry,
} from './submissions-repo';
import { isValidTallySignature } from './tally-signature';

const headerOf = (headers: Record<string, string | undefined> | null, name: string) =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

const signingSecret = () => {
  const { TALLY_SIGNING_SECRET_ARN, TALLY_SIGNING_SECRET } = config();
  return readTextSecret(TALLY_SIGNING_SECRET_ARN, TALLY_SIGNING_SECRET, 'Tally signing secret');
};

export interface ProcessedSubmission {
  SubmissionId: string;
  Outcome: MatchRecord['kind'];
  Duplicate: boolean;
}

/**
 * A signed body, processed: a malformed one is `null`; a stored submission is matched and stored once (a
 * repeat of a stored submission id changes nothing). Used by the webhook and by the admin's replay.
 */
export const processTallyBody = async (
  raw: string,
  at: Date,
  logId: string | null,
): Promise<ProcessedSubmission | null> => {
  let payload: TallyWebhook;
  try {
    payload = tallyWebhookSchema.parse(JSON.parse(raw));
  } catch {
    return null;
  }
  const { submissionId } = payload.data;
  const existing = await getSubmission(submissionId);
  if (existing) return { SubmissionId: submissionId, Outcome: existing.match.kind, Duplicate: true };

  const criteria = criteriaFromAnswers(payload.data.fields);
  const outcome = matchNutritionist(criteria, await listMatchCandidates());
  const match: MatchRecord =
    outcome.kind === 'matched'
      ? {
          kind: 'matched',
          nutritionistUserId: outcome.chosen.userId,
          matchingSkills: outcome.chosen.matchingSkills,
          reasons: outcome.chosen.reasons,
          alternatives: outcome.ranking.slice(1, 4).map((candidate) => candidate.userId),
        }
      : { kind: outcome.kind, nutritionistUserId: null, matchingSkills: [], reasons: [], alternatives: [] };
  const stored = await putSubmissionOnce({
    submissionId,
    responseId: payload.data.responseId,
    eventId: payload.eventId,
    formId: payload.data.formId,
    receivedAt: at.toISOString(),
    fields: payload.data.fields,
    criteria,
    match,
    patientUserId: null,
    ...(logId ? { logId } : {}),
  });
  return { SubmissionId: submissionId, Outcome: match.kind, Duplicate: !stored };
};

/** The submission and event ids of a body that may not be valid (for the log of a failed delivery). */
const idsOf = (raw: string) => {
  try {
    const body = JSON.parse(raw) as { eventId?: unknown; data?: { submissionId?: unknown } };
    return {
      SubmissionId: typeof body.data?.submissionId === 'string' ? body.data.submissionId.slice(0, 100) : null,
      EventId: typeof body.eventId === 'string' ? body.eventId.slice(0, 100) : null,
    };
  } catch {
    return { SubmissionId: null, EventId: null };
  }
};

export const receiveTallyWebhook = defineOperation('public', {}, async ({ event }) => {
  const at = now();
  const raw = rawBodyOf(event);
  // The log entry's id is chosen first, so the submission can name the delivery that brought it.
  const logId = newId();
  const log = (entry: Omit<WebhookLogEntry, 'LogId' | 'ReceivedAt'>, body: string | null) =>
    appendWebhookLog({ ...entry, ReceivedAt: at.toISOString() }, at, body, logId);

  // An unsigned body is never kept: anyone can post here, and it would be stored as if it were answers.
  if (!isValidTallySignature(await signingSecret(), raw, headerOf(event.headers, 'tally-signature'))) {
    await log(
      {
        Outcome: 'invalid-signature',
        StatusCode: 401,
        SubmissionId: null,
        EventId: null,
        MatchOutcome: null,
        SignatureValid: false,
      },
      null,
    );
    throw new AppError('unauthorized', 'Firma del webhook non valida.');
  }

  let processed: ProcessedSubmission | null;
  try {
    processed = await processTallyBody(raw, at, logId);
  } catch (error) {
    // Kept with its body: an admin can replay it once the cause is gone (docs/product.md#back-office).
    await log(
      {
        ...idsOf(raw),
        Outcome: 'failed',
        StatusCode: 500,
        MatchOutcome: null,
        SignatureValid: true,
        ErrorName: error instanceof Error ? error.name : 'Error',
      },
      raw,
    );
    throw error;
  }
  if (!processed) {
    await log(
      {
        ...idsOf(raw),
        Outcome: 'malformed',
        StatusCode: 400,
        MatchOutcome: null,
        SignatureValid: true,
      },
      raw,
    );
    throw new AppError('bad_request', 'Il contenuto del webhook non è un FORM_RESPONSE valido.');
  }
  await log(
    {
      Outcome: processed.Duplicate ? 'duplicate' : 'stored',
      StatusCode: 200,
      SubmissionId: processed.SubmissionId,
      EventId: idsOf(raw).EventId,
      MatchOutcome: processed.Outcome,
      SignatureValid: true,
    },
    raw,
  );
  logger.info('Questionnaire received', { submissionId: processed.SubmissionId, outcome: processed.Outcome });
  return processed;
});
