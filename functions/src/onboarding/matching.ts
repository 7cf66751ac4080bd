/**
 * The matching algorithm: which nutritionist suits a person, from their questionnaire answers.
 * Pure and deterministic (same answers and candidates, same choice) and explained: every point of the
 * score comes with a reason, kept as MatchingSkills/MatchingReasons for the patient and the admins.
 *
 * Score of an eligible candidate:
 *  - 10 for each specialization the answers ask for and the nutritionist has;
 *  - 8 when the nutritionist's gender is the one preferred (no points either way for "Indifferente");
 *  - 5 when the nutritionist has introductory slots in the next 7 days, -10 when none;
 *  - minus the current load: 0.5 for each active patient, at most 10.
 * Ties go to the lighter load, then to the user id, so the outcome never depends on input order.
 */
import {
  GENDER,
  GENDER_PREFERENCE,
  MEDICAL_DIET_YES,
  QUESTION_KEYS,
  QUESTIONNAIRE,
  type TallyField,
} from '@nutri/shared';

export interface MatchCandidate {
  userId: string;
  gender: number;
  skills: readonly string[];
  activePatients: number;
  introSlotsNext7Days: number;
}

export interface MatchCriteria {
  skills: string[];
  genderPreference: 'female' | 'male' | 'any';
  needsMedicalDiet: boolean;
}

export interface ScoredCandidate {
  userId: string;
  score: number;
  matchingSkills: string[];
  reasons: string[];
}

export type MatchOutcome =
  | { kind: 'matched'; chosen: ScoredCandidate; ranking: ScoredCandidate[] }
  | { kind: 'noMatch'; ranking: ScoredCandidate[] }
  | { kind: 'notSuitable' };

const optionsOf = (key: string) => QUESTIONNAIRE.find((question) => question.key === key)?.options ?? [];

const selectedIds = (fields: readonly TallyField[], key: string): string[] => {
  const value = fields.find((field) => field.key === key)?.value;
  if (Array.isArray(value)) return value;
  return typeof value === 'string' && value ? [value] : [];
};

/** Reads what the matching needs from the questionnaire answers. */
export const criteriaFromAnswers = (fields: readonly TallyField[]): MatchCriteria => {
  const skills = new Set<string>();
  for (const key of [QUESTION_KEYS.goals, QUESTION_KEYS.dietStyle]) {
    const chosen = new Set(selectedIds(fields, key));
    for (const option of optionsOf(key)) if (chosen.has(option.id) && option.skill) skills.add(option.skill);
  }
  const preference = selectedIds(fields, QUESTION_KEYS.genderPreference)[0];
  return {
    skills: [...skills],
    genderPreference:
      preference === GENDER_PREFERENCE.female
        ? 'female'
        : preference === GENDER_PREFERENCE.male
          ? 'male'
          : 'any',
    needsMedicalDiet: selectedIds(fields, QUESTION_KEYS.medicalDiet).includes(MEDICAL_DIET_YES),
  };
};

const MAX_LOAD_PENALTY = 10;

export const scoreCandidate = (criteria: MatchCriteria, candidate: MatchCandidate): ScoredCandidate => {
  const reasons: string[] = [];
  const matchingSkills = criteria.skills.filter((skill) => candidate.skills.includes(skill));
  let score = matchingSkills.length * 10;
  for (const skill of matchingSkills) reasons.push(`Competenza richiesta: ${skill} (+10)`);
  const preferred =
    criteria.genderPreference === 'female'
      ? GENDER.FEMALE
      : criteria.genderPreference === 'male'
        ? GENDER.MALE
        : null;
  if (preferred !== null && candidate.gender === preferred) {
    score += 8;
    reasons.push('Genere preferito (+8)');
  }
  if (candidate.introSlotsNext7Days > 0) {
    score += 5;
    reasons.push('Disponibile per l’incontro conoscitivo nei prossimi 7 giorni (+5)');
  } else {
    score -= 10;
    reasons.push('Nessuna disponibilità nei prossimi 7 giorni (-10)');
  }
  const load = Math.min(MAX_LOAD_PENALTY, candidate.activePatients * 0.5);
  if (load > 0) {
    score -= load;
    reasons.push(`Pazienti già seguiti: ${candidate.activePatients} (-${load})`);
  }
  return { userId: candidate.userId, score, matchingSkills, reasons };
};

export const rankCandidates = (
  criteria: MatchCriteria,
  candidates: readonly MatchCandidate[],
): ScoredCandidate[] => {
  const loadOf = new Map(candidates.map((candidate) => [candidate.userId, candidate.activePatients]));
  return candidates
    .map((candidate) => scoreCandidate(criteria, candidate))
    .sort(
      (a, b) =>
        b.score - a.score ||
        (loadOf.get(a.userId) ?? 0) - (loadOf.get(b.userId) ?? 0) ||
        (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
    );
};

/**
 * Chooses a nutritionist. A person needing a medical diet therapy is not suitable for the service.
 * Without any candidate, or when the best has no specialization asked for while some were asked, there
 * is no match yet (onboarding step 0: an e-mail follows when one is assigned).
 */
export const matchNutritionist = (
  criteria: MatchCriteria,
  candidates: readonly MatchCandidate[],
): MatchOutcome => {
  if (criteria.needsMedicalDiet) return { kind: 'notSuitable' };
  const ranking = rankCandidates(criteria, candidates);
  const best = ranking[0];
  if (!best) return { kind: 'noMatch', ranking };
  if (criteria.skills.length > 0 && best.matchingSkills.length === 0) return { kind: 'noMatch', ranking };
  return { kind: 'matched', chosen: best, ranking };
};
