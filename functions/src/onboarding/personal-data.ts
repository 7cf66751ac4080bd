/**
 * The onboarding area's part of a user's export (docs/product.md#privacy-centre): the patient profile, the
 * contract acceptances and the questionnaire the patient registered with (its answers: health data, theirs).
 */
import { exportable, itemByKey, partitionItems, type PersonalData } from '../platform/personal-data';

export const onboardingPersonalData = async (userId: string): Promise<PersonalData[]> => {
  const [profile, consents] = await Promise.all([
    itemByKey(`USER#${userId}`, 'PATIENT'),
    partitionItems(`USER#${userId}`, 'CONSENT#'),
  ]);
  const submissionId = profile[0]?.TallySubmissionId;
  const questionnaire =
    typeof submissionId === 'string' && submissionId
      ? await itemByKey(`TALLY#${submissionId}`, 'SUBMISSION')
      : [];
  return [
    { section: 'patient-profile', items: profile.map(exportable) },
    { section: 'consents', items: consents.map(exportable) },
    { section: 'questionnaire', items: questionnaire.map(exportable) },
  ];
};
