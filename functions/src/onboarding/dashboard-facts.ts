/**
 * What the business dashboards count of onboarding (docs/product.md#business-dashboards): questionnaires
 * received, and registered patients with their nutritionist, how they got them, and when the questionnaire
 * they registered with was received.
 */
import {
  PATIENT_SOURCES,
  questionnaireSubject,
  type PatientFact,
  type PatientSource,
  type QuestionnaireFact,
} from '../platform/dashboard-facts';
import { getSubmissionSummaries } from './submissions-repo';

/** The fact of a stored questionnaire submission; null for any other item. */
export const questionnaireFactOfItem = (
  item: Record<string, unknown>,
  revision: string,
): QuestionnaireFact | null => {
  if (item.type !== 'TallySubmission' || typeof item.submissionId !== 'string') return null;
  return {
    kind: 'questionnaire',
    id: item.submissionId,
    revision,
    subject: questionnaireSubject(item.submissionId),
    ReceivedAt: String(item.receivedAt),
    PatientUserId: typeof item.patientUserId === 'string' ? item.patientUserId : null,
  };
};

const sourceOf = (item: Record<string, unknown>): PatientSource => {
  if (typeof item.DefaultNutritionistUserId !== 'string') return 'none';
  const by = (item.AssignedBy as { kind?: unknown } | undefined)?.kind;
  return PATIENT_SOURCES.includes(by as PatientSource) ? (by as PatientSource) : 'questionnaire';
};

/** When each questionnaire was received (one BatchGetItem), for patient facts read in bulk. */
export const questionnaireReceivedAt = async (submissionIds: readonly string[]) => {
  const found = await getSubmissionSummaries([...new Set(submissionIds)]);
  return new Map([...found].map(([id, summary]) => [id, summary.receivedAt]));
};

/**
 * The fact of a stored patient profile; null for any other item. `receivedAt` gives the questionnaire's
 * reception (by default read from the table, one item).
 */
export const patientFactOfItem = async (
  item: Record<string, unknown>,
  receivedAt: (submissionId: string) => Promise<string | null> = async (id) =>
    (await questionnaireReceivedAt([id])).get(id) ?? null,
): Promise<PatientFact | null> => {
  if (item.type !== 'Patient' || typeof item.UserId !== 'string') return null;
  const submissionId = typeof item.TallySubmissionId === 'string' ? item.TallySubmissionId : null;
  return {
    kind: 'patient',
    id: item.UserId,
    revision: String(Date.parse(String(item.updatedAt ?? item.createdAt)) || 0),
    subject: item.UserId,
    RegisteredAt: String(item.createdAt),
    QuestionnaireAt: submissionId ? await receivedAt(submissionId) : null,
    NutritionistUserId:
      typeof item.DefaultNutritionistUserId === 'string' ? item.DefaultNutritionistUserId : null,
    Source: sourceOf(item),
  };
};
