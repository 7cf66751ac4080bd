/**
 * POST /dev/tally/submit: the built-in questionnaire's answers to the local Tally stand-in, which signs
 * and sends the webhook Tally would send and returns the webhook's answer. It exists only in the local
 * runtime (outside /api/v2, so not through the API client), like Tally's servers exist only in the cloud.
 */
import { z } from 'zod';
import { NetworkError, apiErrorFromResponse } from '../../../api/api-error';
import type { SubmittedAnswers } from '../questionnaire';

export const LOCAL_TALLY_SUBMIT_URL = '/dev/tally/submit';

const webhookAnswerSchema = z.object({
  SubmissionId: z.string().min(1),
  Outcome: z.enum(['matched', 'noMatch', 'notSuitable']),
  Duplicate: z.boolean(),
});
export type QuestionnaireOutcome = z.infer<typeof webhookAnswerSchema>;

export const submitLocalQuestionnaire = async (answers: SubmittedAnswers): Promise<QuestionnaireOutcome> => {
  let response: Response;
  try {
    response = await fetch(LOCAL_TALLY_SUBMIT_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(answers),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new NetworkError('POST', LOCAL_TALLY_SUBMIT_URL, error);
  }
  if (!response.ok) throw await apiErrorFromResponse('POST', LOCAL_TALLY_SUBMIT_URL, response);
  return webhookAnswerSchema.parse(await response.json());
};
