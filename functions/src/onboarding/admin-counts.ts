/**
 * What the back office reads of onboarding (docs/product.md#back-office): the admin home's figures (counted
 * index reads, no Scan) and, for a patient's timeline, when the questionnaire came and how it matched
 * (never the answers: those are read through the audited GET Tally/Patient/{userId}).
 */
import { countQuery } from '../platform/db/query';
import { UNASSIGNED_QUEUE } from './patients-repo';
import { countOpenFailuresSince, countUnclaimedSince, getSubmission } from './submissions-repo';

// Patients still waiting for a nutritionist (gsi3 `PATIENTS#UNASSIGNED`, sparse).
export const countUnassignedPatients = () =>
  countQuery({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': UNASSIGNED_QUEUE },
  });

export { countOpenFailuresSince as countFailedTallyDeliveriesSince };
export { countUnclaimedSince as countUnclaimedQuestionnairesSince };

// When a questionnaire arrived and how it was matched (no answers).
export const getQuestionnaireOverview = async (submissionId: string) => {
  const submission = await getSubmission(submissionId);
  if (!submission) return null;
  return {
    SubmissionId: submission.submissionId,
    ReceivedAt: submission.receivedAt,
    MatchOutcome: submission.match.kind,
    NutritionistUserId: submission.match.nutritionistUserId,
    AssignedLater: submission.match.assignedLater ?? null,
    LogId: submission.logId ?? null,
  };
};
