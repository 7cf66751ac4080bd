import { describe, expect, it } from 'vitest';
import {
  GENDER,
  GENDER_PREFERENCE,
  MEDICAL_DIET_YES,
  QUESTION_KEYS,
  SKILLS,
  type TallyField,
} from '@nutri/shared';
import { criteriaFromAnswers, matchNutritionist, type MatchCandidate } from '../../src/onboarding/matching';
import { isValidTallySignature, tallySignature } from '../../src/onboarding/tally-signature';

const field = (key: string, value: TallyField['value'], type = 'MULTIPLE_CHOICE'): TallyField => ({
  key,
  label: key,
  type,
  value,
});

const answers = (options: { goals?: string[]; medical?: boolean; preference?: string; diet?: string }) => [
  field(QUESTION_KEYS.goals, options.goals ?? [], 'CHECKBOXES'),
  field(QUESTION_KEYS.medicalDiet, options.medical ? MEDICAL_DIET_YES : 'medical_diet_no'),
  field(QUESTION_KEYS.genderPreference, options.preference ?? GENDER_PREFERENCE.any),
  field(QUESTION_KEYS.dietStyle, options.diet ?? 'diet_omnivore'),
];

/** A fixed team: the assertions below are the algorithm's expected choices on it. */
const team: MatchCandidate[] = [
  {
    userId: 'anna',
    gender: GENDER.FEMALE,
    skills: [SKILLS.weight, SKILLS.sport],
    activePatients: 4,
    introSlotsNext7Days: 6,
  },
  {
    userId: 'bruno',
    gender: GENDER.MALE,
    skills: [SKILLS.sport, SKILLS.heart],
    activePatients: 2,
    introSlotsNext7Days: 3,
  },
  {
    userId: 'carla',
    gender: GENDER.FEMALE,
    skills: [SKILLS.pregnancy, SKILLS.plantBased, SKILLS.gut],
    activePatients: 10,
    introSlotsNext7Days: 2,
  },
  {
    userId: 'dario',
    gender: GENDER.MALE,
    skills: [SKILLS.weight, SKILLS.diabetes],
    activePatients: 1,
    introSlotsNext7Days: 0,
  },
];

describe('criteriaFromAnswers', () => {
  it('maps goals and diet style to skills, and reads the preference and the medical diet answer', () => {
    const criteria = criteriaFromAnswers(
      answers({
        goals: ['goal_weight', 'goal_gut'],
        preference: GENDER_PREFERENCE.female,
        diet: 'diet_vegan',
      }),
    );
    expect(criteria).toEqual({
      skills: [SKILLS.weight, SKILLS.gut, SKILLS.plantBased],
      genderPreference: 'female',
      needsMedicalDiet: false,
    });
  });

  it('ignores option ids it does not know', () => {
    expect(criteriaFromAnswers(answers({ goals: ['goal_unknown'] })).skills).toEqual([]);
  });
});

describe('matchNutritionist', () => {
  it('sport with a male preference picks bruno (skill + gender + availability)', () => {
    const outcome = matchNutritionist(
      criteriaFromAnswers(answers({ goals: ['goal_sport'], preference: GENDER_PREFERENCE.male })),
      team,
    );
    expect(outcome.kind).toBe('matched');
    if (outcome.kind !== 'matched') return;
    expect(outcome.chosen.userId).toBe('bruno');
    expect(outcome.chosen.score).toBe(10 + 8 + 5 - 1);
    expect(outcome.chosen.matchingSkills).toEqual([SKILLS.sport]);
    expect(outcome.ranking.map((c) => c.userId)).toEqual(['bruno', 'anna', 'carla', 'dario']);
  });

  it('weight loss prefers anna over dario, who has no introductory slot this week', () => {
    const outcome = matchNutritionist(criteriaFromAnswers(answers({ goals: ['goal_weight'] })), team);
    expect(outcome.kind === 'matched' && outcome.chosen.userId).toBe('anna');
  });

  it('pregnancy with a vegan diet picks carla despite her load, and keeps the reasons', () => {
    const outcome = matchNutritionist(
      criteriaFromAnswers(answers({ goals: ['goal_pregnancy'], diet: 'diet_vegan' })),
      team,
    );
    expect(outcome.kind).toBe('matched');
    if (outcome.kind !== 'matched') return;
    expect(outcome.chosen.userId).toBe('carla');
    expect(outcome.chosen.matchingSkills).toEqual([SKILLS.pregnancy, SKILLS.plantBased]);
    expect(outcome.chosen.reasons).toContain('Pazienti già seguiti: 10 (-5)');
  });

  it('does not depend on the order of the candidates', () => {
    const criteria = criteriaFromAnswers(answers({ goals: ['goal_weight', 'goal_sport'] }));
    const forward = matchNutritionist(criteria, team);
    const backward = matchNutritionist(criteria, [...team].reverse());
    expect(forward).toEqual(backward);
  });

  it('breaks ties on the lighter load, then on the id', () => {
    const twins: MatchCandidate[] = [
      {
        userId: 'zeta',
        gender: GENDER.FEMALE,
        skills: [SKILLS.menopause],
        activePatients: 0,
        introSlotsNext7Days: 1,
      },
      {
        userId: 'alfa',
        gender: GENDER.FEMALE,
        skills: [SKILLS.menopause],
        activePatients: 0,
        introSlotsNext7Days: 1,
      },
    ];
    const outcome = matchNutritionist(criteriaFromAnswers(answers({ goals: ['goal_menopause'] })), twins);
    expect(outcome.kind === 'matched' && outcome.chosen.userId).toBe('alfa');
  });

  it('finds no match when nobody has any of the skills asked for, or nobody is there', () => {
    expect(matchNutritionist(criteriaFromAnswers(answers({ goals: ['goal_children'] })), team).kind).toBe(
      'noMatch',
    );
    expect(matchNutritionist(criteriaFromAnswers(answers({ goals: ['goal_weight'] })), []).kind).toBe(
      'noMatch',
    );
  });

  it('refuses people who need a medical diet therapy, whoever is available', () => {
    expect(
      matchNutritionist(criteriaFromAnswers(answers({ goals: ['goal_weight'], medical: true })), team),
    ).toEqual({ kind: 'notSuitable' });
  });
});

describe('Tally signature', () => {
  const body = '{"eventId":"e1","eventType":"FORM_RESPONSE"}';
  it('accepts the base64 HMAC-SHA256 of the raw body and refuses anything else', () => {
    const signature = tallySignature('segreto', body);
    expect(isValidTallySignature('segreto', body, signature)).toBe(true);
    expect(isValidTallySignature('altro', body, signature)).toBe(false);
    expect(isValidTallySignature('segreto', `${body} `, signature)).toBe(false);
    expect(isValidTallySignature('segreto', body, undefined)).toBe(false);
    expect(isValidTallySignature('segreto', body, '')).toBe(false);
  });
});
