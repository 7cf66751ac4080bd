/**
 * Back office (BusinessAdmin): patients the matching left without a nutritionist, the nutritionists that
 * could follow one (ranked by the same matching, with its reasons) and the assignment by hand. The
 * assignment is the rematch job's: same conditional write, same single mail.
 */
import * as z from 'zod';
import type { SignedInActor } from '../http/actor';
import { AppError, notFound } from '../http/errors';
import { defineOperation } from '../http/operation';
import { getUserNames } from '../accounts';
import { getNutritionistProfiles } from '../nutritionists';
import { pageCursor } from '../platform/db/cursor';
import { logger } from '../platform/logger';
import { NO_CRITERIA, assignLate } from './assignment';
import { listMatchCandidates } from './candidates';
import { matchNutritionist, rankCandidates, type MatchCriteria } from './matching';
import { getPatientProfile, listUnassignedPatients, type PatientProfile } from './patients-repo';
import { getSubmission, getSubmissionSummaries } from './submissions-repo';

export const PATIENT_NOT_FOUND = 'Paziente non trovato.';
export const ALREADY_ASSIGNED = 'A questo paziente è già stato assegnato un nutrizionista.';
export const NUTRITIONIST_NOT_AVAILABLE =
  'Nutrizionista non disponibile: scegli un nutrizionista con il profilo pubblico.';

const userIdPath = z.object({ userId: z.string().min(1).max(100) });

/** The patient of the path, only while still waiting for a nutritionist. */
const requireUnassignedPatient = async (userId: string): Promise<PatientProfile> => {
  const patient = await getPatientProfile(userId);
  if (!patient) throw notFound(PATIENT_NOT_FOUND);
  if (patient.DefaultNutritionistUserId || patient.OnboardingStep !== 0)
    throw new AppError('conflict', ALREADY_ASSIGNED);
  return patient;
};

const criteriaOf = async (patient: PatientProfile): Promise<MatchCriteria> => {
  const submission = patient.TallySubmissionId ? await getSubmission(patient.TallySubmissionId) : null;
  return submission?.criteria ?? NO_CRITERIA;
};

const logAdminRead = (
  actor: SignedInActor<'BusinessAdmin'>,
  what: string,
  details: Record<string, unknown>,
) => logger.info(what, { adminUserId: actor.userId, ...details });

// GET Admin/Patients/Unassigned: longest waiting first, with what their questionnaire asks for.
export const listUnassignedPatientsForAdmin = defineOperation(
  ['BusinessAdmin'],
  {
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(100).default(25),
      cursor: z.string().max(2000).optional(),
    }),
  },
  async ({ query, actor }) => {
    const cursor = pageCursor('unassigned-patients');
    const page = await listUnassignedPatients(query.limit, await cursor.decode(query.cursor));
    // The index may lag a moment behind an assignment: show only those really still waiting.
    const waiting = page.patients.filter(
      (patient) => !patient.DefaultNutritionistUserId && patient.OnboardingStep === 0,
    );
    const submissions = await getSubmissionSummaries(
      waiting.flatMap((patient) => (patient.TallySubmissionId ? [patient.TallySubmissionId] : [])),
    );
    // What each questionnaire asks for is derived from health answers: admins may see it, and it is logged.
    logAdminRead(actor, 'Unassigned patients listed by admin', { count: waiting.length });
    const Data = waiting.map((patient) => {
      const submission = patient.TallySubmissionId ? submissions.get(patient.TallySubmissionId) : undefined;
      return {
        UserId: patient.UserId,
        DisplayName: patient.DisplayName,
        RegisteredAt: patient.createdAt,
        SubmittedAt: submission?.receivedAt ?? null,
        RequestedSkills: submission?.criteria.skills ?? [],
        GenderPreference: submission?.criteria.genderPreference ?? 'any',
      };
    });
    return { Data, Count: Data.length, NextCursor: await cursor.encode(page.next) };
  },
);

// GET Admin/Patients/{userId}/NutritionistCandidates: every public nutritionist, best match first.
export const listAssignmentCandidates = defineOperation(
  ['BusinessAdmin'],
  { path: userIdPath },
  async ({ path, actor }) => {
    const patient = await requireUnassignedPatient(path.userId);
    const [criteria, candidates] = await Promise.all([criteriaOf(patient), listMatchCandidates()]);
    const ranking = rankCandidates(criteria, candidates);
    const outcome = matchNutritionist(criteria, candidates);
    const ids = ranking.map((candidate) => candidate.userId);
    const [names, profiles] = await Promise.all([getUserNames(ids), getNutritionistProfiles(ids)]);
    logAdminRead(actor, 'Assignment candidates read by admin', { patientUserId: patient.UserId });
    const byId = new Map(candidates.map((candidate) => [candidate.userId, candidate]));
    return {
      Patient: {
        UserId: patient.UserId,
        DisplayName: patient.DisplayName,
        RequestedSkills: criteria.skills,
        GenderPreference: criteria.genderPreference,
      },
      Data: ranking.map((scored) => ({
        UserId: scored.userId,
        DisplayName: names.get(scored.userId)?.DisplayName ?? '',
        PersonalTitle: profiles.get(scored.userId)?.PersonalTitle ?? '',
        Score: scored.score,
        MatchingSkills: scored.matchingSkills,
        Reasons: scored.reasons,
        ActivePatients: byId.get(scored.userId)?.activePatients ?? 0,
        CalendarSlotsAvailable: (byId.get(scored.userId)?.introSlotsNext7Days ?? 0) > 0,
        // What the matching would choose on its own (none when nobody covers what was asked).
        Recommended: outcome.kind === 'matched' && outcome.chosen.userId === scored.userId,
      })),
    };
  },
);

// POST Admin/Patients/{userId}/AssignNutritionist: assign by hand; the patient gets the mail once.
export const assignNutritionistByAdmin = defineOperation(
  ['BusinessAdmin'],
  {
    path: userIdPath,
    body: z.strictObject({ NutritionistUserId: z.string().trim().min(1).max(100) }),
  },
  async ({ path, body, actor }) => {
    const patient = await requireUnassignedPatient(path.userId);
    const [criteria, candidates] = await Promise.all([criteriaOf(patient), listMatchCandidates()]);
    const chosen = candidates.find((candidate) => candidate.userId === body.NutritionistUserId);
    if (!chosen) {
      throw new AppError('validation_failed', NUTRITIONIST_NOT_AVAILABLE, {
        errors: { NutritionistUserId: [NUTRITIONIST_NOT_AVAILABLE] },
      });
    }
    const result = await assignLate({
      patient,
      chosen,
      criteria,
      candidates,
      source: { kind: 'admin', adminUserId: actor.userId },
    });
    if (!result.assigned) throw new AppError('conflict', ALREADY_ASSIGNED);
    return {
      UserId: patient.UserId,
      DefaultNutritionistUserId: chosen.userId,
      OnboardingStep: 1,
      MailSent: result.mail === 'sent',
    };
  },
);
