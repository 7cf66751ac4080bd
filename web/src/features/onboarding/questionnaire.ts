/**
 * The built-in questionnaire's rules (used where the Tally form cannot be embedded, i.e. locally): which
 * questions are asked one per step, how an answer is validated and what is posted. The questions are the
 * shared QUESTIONNAIRE, so the answers have the same keys and option ids as Tally's.
 */
import {
  DEFAULT_PHONE_PREFIX,
  PHONE_DIGITS,
  QUESTIONNAIRE,
  emailSchema,
  validationTexts,
  type Question,
} from '@nutri/shared';
import { splitPhoneNumber } from '../../ui/phone/country-prefixes';

/** An answer as the form holds it: ids of the chosen options, or the typed text. */
export type AnswerValue = string | string[];
export type Answers = Readonly<Record<string, AnswerValue | undefined>>;

/** What the local Tally stand-in accepts: `{ [questionKey]: value }`, numbers for number questions. */
export type SubmittedAnswers = Record<string, string | string[] | number>;

/** Set by the page, not asked (Tally's hidden fields): where the questionnaire was filled in. */
export const HIDDEN_ANSWERS: Readonly<Record<string, string>> = { question_source: 'sito' };

/** The questions shown, one per step, in the shared order (hidden fields are set programmatically). */
export const QUESTION_STEPS: readonly Question[] = QUESTIONNAIRE.filter(
  (question) => question.type !== 'HIDDEN_FIELDS',
);

export const AGE_RANGE = { min: 14, max: 110 } as const;

export const questionnaireTexts = {
  invalidAge: `Inserisci un’età tra ${AGE_RANGE.min} e ${AGE_RANGE.max} anni`,
  invalidPhone: validationTexts.phoneDigits,
} as const;

const isEmpty = (value: AnswerValue | undefined) =>
  value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');

/** The Italian error of one answer, or null when it is acceptable. */
export const validateAnswer = (question: Question, value: AnswerValue | undefined): string | null => {
  if (isEmpty(value)) return question.required ? validationTexts.required : null;
  const text = Array.isArray(value) ? '' : value!.trim();
  switch (question.type) {
    case 'CHECKBOXES':
    case 'MULTIPLE_CHOICE':
    case 'DROPDOWN': {
      const ids = new Set((question.options ?? []).map((option) => option.id));
      const chosen = Array.isArray(value) ? value : [value!];
      if (question.type !== 'CHECKBOXES' && chosen.length !== 1) return validationTexts.invalidValue;
      return chosen.every((id) => ids.has(id)) ? null : validationTexts.invalidValue;
    }
    case 'INPUT_NUMBER': {
      if (!/^\d+$/.test(text)) return questionnaireTexts.invalidAge;
      const age = Number(text);
      return age >= AGE_RANGE.min && age <= AGE_RANGE.max ? null : questionnaireTexts.invalidAge;
    }
    case 'INPUT_EMAIL':
      return emailSchema.safeParse(text).success ? null : validationTexts.invalidEmail;
    case 'INPUT_PHONE_NUMBER': {
      const digits = splitPhoneNumber(text).number;
      const valid =
        /^\d+$/.test(digits) && digits.length >= PHONE_DIGITS.min && digits.length <= PHONE_DIGITS.max;
      return valid ? null : questionnaireTexts.invalidPhone;
    }
    default:
      return text.length > 5000 ? validationTexts.tooLong(5000) : null;
  }
};

/** The index of the first step whose answer is not acceptable, or -1. */
export const firstInvalidStep = (answers: Answers) =>
  QUESTION_STEPS.findIndex((question) => validateAnswer(question, answers[question.key]) !== null);

/** 'Domanda 3 di 10' and the share done, for the progress indicator. */
export const stepProgress = (index: number, total: number = QUESTION_STEPS.length) => ({
  label: `Domanda ${index + 1} di ${total}`,
  percent: Math.round(((index + 1) / total) * 100),
});

/** A phone answer: prefix and number joined ('+39' '333 123 4567' -> '+393331234567'); '' without number. */
export const joinPhoneAnswer = (prefix: string, number: string) => {
  const digits = number.replace(/\D/g, '');
  return digits ? `${prefix || DEFAULT_PHONE_PREFIX}${digits}` : '';
};

/** The body of POST /dev/tally/submit: answered questions only, numbers as numbers, hidden fields set. */
export const toSubmittedAnswers = (answers: Answers): SubmittedAnswers => {
  const submitted: SubmittedAnswers = {};
  for (const question of QUESTION_STEPS) {
    const value = answers[question.key];
    if (value === undefined || isEmpty(value)) continue;
    if (Array.isArray(value)) submitted[question.key] = [...value];
    else if (question.type === 'INPUT_NUMBER') submitted[question.key] = Number(value.trim());
    else submitted[question.key] = value.trim();
  }
  return { ...submitted, ...HIDDEN_ANSWERS };
};

/** The step of the first question a server validation error (`Errors` by question key) names, or -1. */
export const stepOfServerErrors = (fieldErrors: Record<string, readonly string[]>) =>
  QUESTION_STEPS.findIndex((question) => (fieldErrors[question.key]?.length ?? 0) > 0);
