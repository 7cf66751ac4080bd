/**
 * Late assignment of a nutritionist to a patient the matching left without one (onboarding step 0), by
 * the rematch job or by a BusinessAdmin. Both go through `assignLate`: one conditional write on the
 * patient decides who assigns; only that caller counts the load, records the match on the submission and
 * sends the 'nutritionist found' mail. The mail is queued on the patient item before it is sent and
 * claimed with a conditional write, so two senders never both send it and a failed send is retried by
 * the next run of the job (decision 0005).
 */
import { honorific } from '@nutri/shared';
import { getUser, getUserNames } from '../accounts';
import { getNutritionistProfile, adjustActivePatients } from '../nutritionists';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { logger } from '../platform/logger';
import { sendMail } from '../platform/mail';
import { nutritionistAssignedMail } from './mails';
import { rankCandidates, scoreCandidate, type MatchCandidate, type MatchCriteria } from './matching';
import {
  assignPatientNutritionist,
  claimAssignmentMail,
  markAssignmentMailSent,
  releaseAssignmentMail,
  type AssignmentSource,
  type PatientProfile,
} from './patients-repo';
import { recordLateMatch, type MatchRecord } from './submissions-repo';
import { collaborators } from './collaborators';

/** A sender that claimed a mail and then vanished (timeout, crash) leaves it to be claimed again after this. */
export const ASSIGNMENT_MAIL_CLAIM_TIMEOUT_MS = 15 * 60_000;

/** Criteria of a patient without a questionnaire on file: every nutritionist is as good as the next. */
export const NO_CRITERIA: MatchCriteria = { skills: [], genderPreference: 'any', needsMedicalDiet: false };

export const ADMIN_CHOICE_REASON = 'Scelto dall’amministrazione';

/**
 * The match to keep on the submission for the chosen nutritionist: its own score and reasons (the
 * patient sees the matching skills) and the next three of the ranking as alternatives for a change.
 */
export const lateMatchRecord = (
  criteria: MatchCriteria,
  candidates: readonly MatchCandidate[],
  chosen: MatchCandidate,
  source: AssignmentSource,
): MatchRecord => {
  const scored = scoreCandidate(criteria, chosen);
  return {
    kind: 'matched',
    nutritionistUserId: chosen.userId,
    matchingSkills: scored.matchingSkills,
    reasons: source.kind === 'admin' ? [ADMIN_CHOICE_REASON, ...scored.reasons] : scored.reasons,
    alternatives: rankCandidates(criteria, candidates)
      .filter((candidate) => candidate.userId !== chosen.userId)
      .slice(0, 3)
      .map((candidate) => candidate.userId),
  };
};

export type AssignmentMailOutcome = 'sent' | 'failed' | 'notDue';

/** 'Dott.sa Chiara Bianchi', and whether to write 'la tua nutrizionista'. */
const nutritionistForMail = async (userId: string) => {
  const [profile, names] = await Promise.all([getNutritionistProfile(userId), getUserNames([userId])]);
  const displayName = names.get(userId)?.DisplayName ?? '';
  const title = honorific(profile?.PersonalTitle);
  return {
    name: `${title} ${displayName}`.trim(),
    female: title === 'Dott.sa' || profile?.Gender === 2,
  };
};

/**
 * Sends a patient's due 'nutritionist found' mail, if this caller wins the claim. A failed send gives the
 * claim back (the job retries it); it never throws, so the assignment it follows stays a success.
 */
export const deliverAssignmentMail = async (userId: string): Promise<AssignmentMailOutcome> => {
  const at = now();
  const claimed = await claimAssignmentMail(
    userId,
    at,
    new Date(at.getTime() - ASSIGNMENT_MAIL_CLAIM_TIMEOUT_MS),
  );
  if (!claimed?.DefaultNutritionistUserId) return 'notDue';
  const user = await getUser(userId);
  if (user) {
    try {
      const nutritionist = await nutritionistForMail(claimed.DefaultNutritionistUserId);
      await sendMail({
        to: user.Email,
        ...nutritionistAssignedMail(user.DisplayName, nutritionist, `${config().PUBLIC_BASE_URL}/Patients`),
      });
    } catch (error) {
      logger.error('Nutritionist-assigned mail not sent', { patientUserId: userId, error });
      await releaseAssignmentMail(userId);
      return 'failed';
    }
  }
  // A patient removed in the meantime has nobody to write to: the mail is done either way. Should this
  // write fail after a send, the claim goes stale and the mail may go once more: better than never.
  await markAssignmentMailSent(userId, now());
  return user ? 'sent' : 'notDue';
};

export type LateAssignmentResult =
  { assigned: false } | { assigned: true; mail: AssignmentMailOutcome; match: MatchRecord };

/**
 * Assigns `chosen` to a patient still without a nutritionist. `assigned: false` when someone else
 * (another run, an admin) assigned first: nothing else happens then, so no second mail either.
 */
export const assignLate = async ({
  patient,
  chosen,
  criteria,
  candidates,
  source,
}: {
  patient: Pick<PatientProfile, 'UserId' | 'DisplayName' | 'TallySubmissionId'>;
  chosen: MatchCandidate;
  criteria: MatchCriteria;
  candidates: readonly MatchCandidate[];
  source: AssignmentSource;
}): Promise<LateAssignmentResult> => {
  const at = now();
  if (!(await assignPatientNutritionist(patient, chosen.userId, source, at))) return { assigned: false };
  await adjustActivePatients(chosen.userId, 1);
  const match = lateMatchRecord(criteria, candidates, chosen, source);
  if (patient.TallySubmissionId) {
    await recordLateMatch(patient.TallySubmissionId, {
      ...match,
      assignedLater: { at: at.toISOString(), by: source.kind },
    });
  }
  logger.info('Nutritionist assigned after registration', {
    patientUserId: patient.UserId,
    nutritionistUserId: chosen.userId,
    by: source.kind,
  });
  // Open chat screens of both now list each other.
  await collaborators().announcePairing(patient.UserId, chosen.userId);
  return { assigned: true, mail: await deliverAssignmentMail(patient.UserId), match };
};
