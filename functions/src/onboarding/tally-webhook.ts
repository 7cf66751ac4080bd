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

export const receiveTallyWebhook = defineOperation('public', {}, async ({ event }) => {
  const at = now();
  const log = (entry: Omit<WebhookLogEntry, 'LogId' | 'ReceivedAt'>) =>
    appendWebhookLog({ ...entry, ReceivedAt: at.toISOString() }, at);
  const raw = rawBodyOf(event);

  if (!isValidTallySignature(await signingSecret(), raw, headerOf(event.headers, 'tally-signature'))) {
    await log({
      Outcome: 'invalid-signature',
      StatusCode: 401,
      SubmissionId: null,
      EventId: null,
      MatchOutcome: null,
    });
    throw new AppError('unauthorized', 'Firma del webhook non valida.');
  }

  let payload: TallyWebhook;
  try {
    payload = tallyWebhookSchema.parse(JSON.parse(raw));
  } catch {
    await log({
      Outcome: 'malformed',
      StatusCode: 400,
      SubmissionId: null,
      EventId: null,
      MatchOutcome: null,
    });
    throw new AppError('bad_request', 'Il contenuto del webhook non è un FORM_RESPONSE valido.');
  }

  const { submissionId } = payload.data;
  const existing = await getSubmission(submissionId);
  if (existing) {
    await log({
      Outcome: 'duplicate',
      StatusCode: 200,
      SubmissionId: submissionId,
      EventId: payload.eventId,
      MatchOutcome: existing.match.kind,
    });
    return { SubmissionId: submissionId, Outcome: existing.match.kind, Duplicate: true };
  }

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
  });
  await log({
    Outcome: stored ? 'stored' : 'duplicate',
    StatusCode: 200,
    SubmissionId: submissionId,
    EventId: payload.eventId,
    MatchOutcome: match.kind,
  });
  logger.info('Questionnaire received', { submissionId, outcome: match.kind });
  return { SubmissionId: submissionId, Outcome: match.kind, Duplicate: !stored };
});
