/**
 * Stands in for Tally's servers locally: the built-in questionnaire posts its answers here
 * (POST /dev/tally/submit), and this module sends the same FORM_RESPONSE webhook Tally would, signed with
 * the local signing secret, to the real webhook route. The browser never holds the secret.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { API_BASE_PATH, QUESTIONNAIRE, type TallyField, type TallyWebhook } from '@nutri/shared';
import { tallySignature } from '@nutri/functions/onboarding/tally-signature';

export const LOCAL_TALLY_SIGNING_SECRET = 'local-tally-signing-secret';
const LOCAL_FORM_ID = 'nutri-local';

export type LocalAnswers = Record<string, string | string[] | number | undefined>;

/** Tally-style short ids (e.g. "mDkLr4"). */
const shortId = () => randomBytes(6).toString('base64url').slice(0, 6);

/** Required questions left unanswered, by key, with the Italian message the form shows too. */
export const missingAnswers = (answers: LocalAnswers) =>
  Object.fromEntries(
    QUESTIONNAIRE.filter((question) => {
      if (!question.required) return false;
      const value = answers[question.key];
      return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    }).map((question) => [question.key, ['Campo obbligatorio']]),
  );

export const buildFormResponse = (answers: LocalAnswers, now = new Date()): TallyWebhook => {
  const fields: TallyField[] = QUESTIONNAIRE.map((question) => {
    const raw = answers[question.key];
    const value = raw === undefined || raw === '' ? null : Array.isArray(raw) ? raw.map(String) : raw;
    return {
      key: question.key,
      label: question.label,
      type: question.type,
      value,
      ...(question.options ? { options: question.options.map(({ id, text }) => ({ id, text })) } : {}),
    };
  });
  return {
    eventId: randomUUID(),
    eventType: 'FORM_RESPONSE',
    createdAt: now.toISOString(),
    data: {
      responseId: shortId(),
      submissionId: shortId(),
      respondentId: shortId(),
      formId: LOCAL_FORM_ID,
      formName: 'Trova il tuo nutrizionista',
      createdAt: now.toISOString(),
      fields,
    },
  };
};

/** Sends the signed webhook to the gateway and returns its answer. */
export const submitLocalQuestionnaire = async (origin: string, answers: LocalAnswers) => {
  const body = JSON.stringify(buildFormResponse(answers));
  const response = await fetch(`${origin}${API_BASE_PATH}/Tally/Webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Tally-Signature': tallySignature(LOCAL_TALLY_SIGNING_SECRET, body),
    },
    body,
  });
  return { status: response.status, body: await response.json() };
};
