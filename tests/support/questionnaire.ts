/**
 * A questionnaire stored as the Tally webhook stores it (the local Tally's payload, the real criteria),
 * for browser tests that need a patient who went through the form without filling it in: a woman who
 * wants help with her gut, prefers a female nutritionist and eats vegetarian.
 */
import { GENDER_PREFERENCE, QUESTION_KEYS, SEX_OPTIONS } from '@nutri/shared';
// Points the functions code imported below at the stack.
import '../integration/support/api';

/**
 * Stores the answers of `person` matched to the nutritionist (or to nobody: noMatch), linked to the
 * patient's user id when she is registered. `stored` is false when the submission id already existed.
 */
export const storeQuestionnaire = async (
  person: { firstName: string; email: string; phone: string; age: number },
  links: { nutritionistUserId: string | null; patientUserId: string | null },
) => {
  const { buildFormResponse } = await import('../../infra/local/local-tally');
  const { criteriaFromAnswers } = await import('../../functions/src/onboarding/matching');
  const { putSubmissionOnce } = await import('../../functions/src/onboarding/submissions-repo');
  const payload = buildFormResponse({
    [QUESTION_KEYS.goals]: ['goal_gut'],
    [QUESTION_KEYS.medicalDiet]: 'medical_diet_no',
    [QUESTION_KEYS.genderPreference]: GENDER_PREFERENCE.female,
    [QUESTION_KEYS.dietStyle]: 'diet_vegetarian',
    [QUESTION_KEYS.sex]: SEX_OPTIONS.female,
    [QUESTION_KEYS.age]: person.age,
    [QUESTION_KEYS.firstName]: person.firstName,
    [QUESTION_KEYS.email]: person.email,
    [QUESTION_KEYS.phone]: person.phone,
  });
  const stored = await putSubmissionOnce({
    submissionId: payload.data.submissionId,
    responseId: payload.data.responseId,
    eventId: payload.eventId,
    formId: payload.data.formId,
    receivedAt: new Date().toISOString(),
    fields: payload.data.fields,
    criteria: criteriaFromAnswers(payload.data.fields),
    match: {
      kind: links.nutritionistUserId ? 'matched' : 'noMatch',
      nutritionistUserId: links.nutritionistUserId,
      matchingSkills: [],
      reasons: [],
      alternatives: [],
    },
    patientUserId: links.patientUserId,
  });
  return { submissionId: payload.data.submissionId, stored };
};

/** The patient registered with the submission, as the registration links them. */
export const linkQuestionnaire = async (patientUserId: string, submissionId: string) => {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { patientKey } = await import('../../functions/src/onboarding/patients-repo');
  const { db, tableName } = await import('../../functions/src/platform/db/client');
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: patientKey(patientUserId),
      UpdateExpression: 'SET TallySubmissionId = :id',
      ExpressionAttributeValues: { ':id': submissionId },
    }),
  );
};

/**
 * A questionnaire delivery whose processing failed after its signature held (as the webhook records it
 * during an outage): its log entry and kept body, with the local Tally's payload.
 */
export const failedTallyDelivery = async (firstName: string) => {
  const { buildFormResponse } = await import('../../infra/local/local-tally');
  const { appendWebhookLog } = await import('../../functions/src/onboarding/submissions-repo');
  const payload = buildFormResponse({ nome: firstName });
  const at = new Date();
  const logId = await appendWebhookLog(
    {
      ReceivedAt: at.toISOString(),
      Outcome: 'failed',
      StatusCode: 500,
      SubmissionId: payload.data.submissionId,
      EventId: payload.eventId,
      MatchOutcome: null,
      SignatureValid: true,
      ErrorName: 'ProvisionedThroughputExceededException',
    },
    at,
    JSON.stringify(payload),
  );
  return { logId, submissionId: payload.data.submissionId, receivedAt: at.toISOString() };
};
