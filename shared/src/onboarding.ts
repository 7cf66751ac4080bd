/**
 * Patient onboarding (docs/product.md#overview, #data, #states): the questionnaire (the same questions whether it is the
 * embedded Tally form in the cloud or the built-in local form), the Tally webhook payload, the
 * registration payload and the onboarding steps.
 */
import * as z from 'zod';
import { emailSchema, mobilePhoneNoSchema, newPasswordSchema } from './accounts';
import { BookingType, type BookingTypeId } from './domain';
import { requiredText } from './text';

/** Tally field types (the subset the questionnaire uses, plus those the intake view must hide). */
export const TALLY_FIELD_TYPES = [
  'INPUT_TEXT',
  'INPUT_NUMBER',
  'INPUT_EMAIL',
  'INPUT_PHONE_NUMBER',
  'TEXTAREA',
  'MULTIPLE_CHOICE',
  'CHECKBOXES',
  'DROPDOWN',
  'HIDDEN_FIELDS',
] as const;
export type TallyFieldType = (typeof TALLY_FIELD_TYPES)[number];

/** Field types the nutritionist's intake view hides (docs/product.md#data: hidden, phone and e-mail). */
export const INTAKE_HIDDEN_TYPES: readonly TallyFieldType[] = [
  'HIDDEN_FIELDS',
  'INPUT_PHONE_NUMBER',
  'INPUT_EMAIL',
];

export interface QuestionOption {
  id: string;
  text: string;
  /** Specialization (skill tag name) this answer asks for, used by the matching. */
  skill?: string;
}

export interface Question {
  key: string;
  label: string;
  type: TallyFieldType;
  required: boolean;
  options?: readonly QuestionOption[];
  /** Help text under the question. */
  description?: string;
}

/** Skill tag names the matching understands (the nutritionists' specialization areas). */
export const SKILLS = {
  weight: 'Dimagrimento e composizione corporea',
  sport: 'Alimentazione sportiva',
  pregnancy: 'Gravidanza e allattamento',
  plantBased: 'Alimentazione vegetariana e vegana',
  gut: 'Salute intestinale',
  diabetes: 'Diabete e insulino-resistenza',
  heart: 'Colesterolo e salute cardiovascolare',
  children: 'Nutrizione pediatrica',
  menopause: 'Menopausa',
  intolerances: 'Intolleranze alimentari',
  hormones: 'PCOS e salute ormonale',
  education: 'Educazione alimentare',
} as const;

export const QUESTION_KEYS = {
  goals: 'question_goals',
  medicalDiet: 'question_medical_diet',
  genderPreference: 'question_gender_preference',
  dietStyle: 'question_diet_style',
  sex: 'question_sex',
  age: 'question_age',
  notes: 'question_notes',
  firstName: 'question_first_name',
  email: 'question_email',
  phone: 'question_phone',
  source: 'question_source',
} as const;

export const MEDICAL_DIET_YES = 'medical_diet_yes';
export const GENDER_PREFERENCE = { female: 'pref_female', male: 'pref_male', any: 'pref_any' } as const;
export const SEX_OPTIONS = {
  female: 'sex_female',
  male: 'sex_male',
  other: 'sex_other',
  undisclosed: 'sex_undisclosed',
} as const;

export const QUESTIONNAIRE: readonly Question[] = [
  {
    key: QUESTION_KEYS.goals,
    label: 'Su cosa vorresti lavorare con il tuo nutrizionista?',
    description: 'Puoi scegliere più risposte.',
    type: 'CHECKBOXES',
    required: true,
    options: [
      { id: 'goal_weight', text: 'Perdere peso o migliorare la composizione corporea', skill: SKILLS.weight },
      { id: 'goal_sport', text: 'Alimentazione per lo sport', skill: SKILLS.sport },
      { id: 'goal_pregnancy', text: 'Gravidanza o allattamento', skill: SKILLS.pregnancy },
      { id: 'goal_gut', text: 'Benessere intestinale (gonfiore, regolarità)', skill: SKILLS.gut },
      { id: 'goal_diabetes', text: 'Glicemia alta o insulino-resistenza', skill: SKILLS.diabetes },
      { id: 'goal_heart', text: 'Colesterolo e salute del cuore', skill: SKILLS.heart },
      { id: 'goal_children', text: 'L’alimentazione dei miei figli', skill: SKILLS.children },
      { id: 'goal_menopause', text: 'Menopausa', skill: SKILLS.menopause },
      { id: 'goal_intolerances', text: 'Intolleranze alimentari', skill: SKILLS.intolerances },
      { id: 'goal_hormones', text: 'PCOS o equilibrio ormonale', skill: SKILLS.hormones },
      { id: 'goal_education', text: 'Imparare a mangiare meglio, senza diete', skill: SKILLS.education },
    ],
  },
  {
    key: QUESTION_KEYS.medicalDiet,
    label:
      'Un medico ti ha prescritto una dieta terapeutica per una patologia (ad esempio malattia renale, disturbo del comportamento alimentare in cura, nutrizione artificiale)?',
    type: 'MULTIPLE_CHOICE',
    required: true,
    options: [
      { id: MEDICAL_DIET_YES, text: 'Sì' },
      { id: 'medical_diet_no', text: 'No' },
    ],
  },
  {
    key: QUESTION_KEYS.genderPreference,
    label: 'Chi preferisci che ti segua?',
    type: 'MULTIPLE_CHOICE',
    required: true,
    options: [
      { id: GENDER_PREFERENCE.female, text: 'Una nutrizionista' },
      { id: GENDER_PREFERENCE.male, text: 'Un nutrizionista' },
      { id: GENDER_PREFERENCE.any, text: 'Indifferente' },
    ],
  },
  {
    key: QUESTION_KEYS.dietStyle,
    label: 'Come ti alimenti oggi?',
    type: 'MULTIPLE_CHOICE',
    required: true,
    options: [
      { id: 'diet_omnivore', text: 'Mangio un po’ di tutto' },
      { id: 'diet_vegetarian', text: 'Vegetariano', skill: SKILLS.plantBased },
      { id: 'diet_vegan', text: 'Vegano', skill: SKILLS.plantBased },
      { id: 'diet_other', text: 'Altro' },
    ],
  },
  {
    key: QUESTION_KEYS.sex,
    label: 'Sesso',
    type: 'MULTIPLE_CHOICE',
    required: true,
    options: [
      { id: SEX_OPTIONS.female, text: 'Donna' },
      { id: SEX_OPTIONS.male, text: 'Uomo' },
      { id: SEX_OPTIONS.other, text: 'Altro' },
      { id: SEX_OPTIONS.undisclosed, text: 'Preferisco non dirlo' },
    ],
  },
  { key: QUESTION_KEYS.age, label: 'Quanti anni hai?', type: 'INPUT_NUMBER', required: true },
  {
    key: QUESTION_KEYS.notes,
    label: 'Vuoi raccontarci qualcosa in più? (facoltativo)',
    type: 'TEXTAREA',
    required: false,
  },
  { key: QUESTION_KEYS.firstName, label: 'Come ti chiami?', type: 'INPUT_TEXT', required: true },
  { key: QUESTION_KEYS.email, label: 'La tua e-mail', type: 'INPUT_EMAIL', required: true },
  {
    key: QUESTION_KEYS.phone,
    label: 'Il tuo numero di cellulare',
    type: 'INPUT_PHONE_NUMBER',
    required: false,
  },
  { key: QUESTION_KEYS.source, label: 'source', type: 'HIDDEN_FIELDS', required: false },
];

/** One answered field of a Tally FORM_RESPONSE. Choice values are option ids. */
export const tallyFieldSchema = z.object({
  key: z.string().min(1).max(200),
  label: z.string().max(1000),
  type: z.string().max(50),
  value: z.union([
    z.string().max(5000),
    z.number(),
    z.boolean(),
    z.array(z.string().max(200)).max(50),
    z.null(),
  ]),
  options: z
    .array(z.object({ id: z.string().max(200), text: z.string().max(1000) }))
    .max(100)
    .optional(),
});
export type TallyField = z.infer<typeof tallyFieldSchema>;

/** The Tally webhook body (eventType FORM_RESPONSE). */
export const tallyWebhookSchema = z.object({
  eventId: z.string().min(1).max(200),
  eventType: z.literal('FORM_RESPONSE'),
  createdAt: z.string().max(100),
  data: z.object({
    responseId: z.string().min(1).max(200),
    submissionId: z.string().min(1).max(200),
    respondentId: z.string().max(200).optional(),
    formId: z.string().max(200),
    formName: z.string().max(500).optional(),
    createdAt: z.string().max(100),
    fields: z.array(tallyFieldSchema).max(200),
  }),
});
export type TallyWebhook = z.infer<typeof tallyWebhookSchema>;

/** POST Tally/RegisterPatient (docs/product.md#data: registration payload). */
export const registrationSchema = z.strictObject({
  TallySubmissionId: requiredText(200),
  FirstName: requiredText(100),
  LastName: requiredText(100),
  Email: emailSchema,
  Password: newPasswordSchema,
  MobilePhoneNo: mobilePhoneNoSchema,
});
export type RegistrationRequest = z.infer<typeof registrationSchema>;

/** Error code of a registration whose e-mail (or external account) already exists (docs/product.md#errors). */
export const USER_ALREADY_EXISTS_CODE = 'nutri-user-already-exists';
/** Message of Verify when the account already exists (docs/product.md#api). */
export const USER_ALREADY_EXISTS_MESSAGE = 'User already exists.';

/** Onboarding steps 0-9 (docs/product.md#states), each with its headline on the patient home. */
export const ONBOARDING_STEPS = [
  {
    step: 0,
    headline: 'Stiamo cercando il nutrizionista giusto per te',
    text: 'Ti scriveremo un’e-mail appena avremo trovato il professionista più adatto.',
  },
  {
    step: 1,
    headline: 'Prenota il tuo incontro conoscitivo gratuito',
    text: 'Scegli un orario per conoscere il tuo nutrizionista in videochiamata.',
  },
  {
    step: 2,
    headline: 'Il tuo incontro conoscitivo è prenotato',
    text: 'Ti aspettiamo in videochiamata all’orario scelto.',
  },
  {
    step: 3,
    headline: 'Com’è andato l’incontro conoscitivo?',
    text: 'Scrivi in chat al tuo nutrizionista per prenotare la prima visita.',
  },
  {
    step: 4,
    headline: 'La tua prima visita è prenotata',
    text: 'Completa il pagamento almeno 2 giorni prima per confermarla.',
  },
  {
    step: 5,
    headline: 'La tua prima visita è confermata',
    text: 'Pagamento ricevuto: ci vediamo all’appuntamento.',
  },
  {
    step: 6,
    headline: 'Prima visita completata',
    text: 'Continua il percorso: prenota la prossima visita con il tuo nutrizionista.',
  },
  {
    step: 7,
    headline: 'La tua prossima visita è prenotata',
    text: 'Completa il pagamento almeno 2 giorni prima per confermarla.',
  },
  {
    step: 8,
    headline: 'La tua prossima visita è confermata',
    text: 'Pagamento ricevuto: ci vediamo all’appuntamento.',
  },
  { step: 9, headline: 'Visita completata', text: 'Ottimo lavoro! Prenota la prossima visita quando vuoi.' },
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]['step'];

/**
 * What a visit is for the patient's journey (docs/product.md#states): the free introductory meeting, the
 * first paid visit, or a later one. Meal-plan deliveries do not move the step.
 */
export type OnboardingVisit = 'intro' | 'firstVisit' | 'nextVisit';

export const onboardingVisitOf = (booking: {
  BookingTypeId: BookingTypeId;
  Recurring: boolean;
}): OnboardingVisit | null => {
  if (booking.BookingTypeId === BookingType.FREE) return 'intro';
  if (booking.BookingTypeId === BookingType.NORMAL) return booking.Recurring ? 'nextVisit' : 'firstVisit';
  return null;
};

/**
 * What happens to a visit: booked, paid, done (completed), cancelled (no fee: the visit did not happen) or
 * cancelled late with the fee (counts as done).
 */
export const ONBOARDING_EVENTS = ['booked', 'paid', 'done', 'cancelled', 'cancelledWithFee'] as const;
export type OnboardingEvent = (typeof ONBOARDING_EVENTS)[number];

/** Target of a cancellation: back to the step the patient was at when the visit was booked. */
export const STEP_BEFORE_BOOKING = 'stepBeforeBooking';
export type OnboardingTarget = OnboardingStep | typeof STEP_BEFORE_BOOKING;

type StepMoves = Partial<Record<OnboardingStep, OnboardingTarget>>;
const fromEveryStep = (to: OnboardingStep): StepMoves =>
  Object.fromEntries(ONBOARDING_STEPS.map(({ step }) => [step, to]));

/**
 * The patient's step (docs/product.md#states) as events of their visits move it: visit x event x current
 * step -> next step. A step missing from a row stays as it is. Booking a first or a later paid visit moves
 * to 4 or 7 from anywhere; an introductory meeting only while the patient has not gone past it.
 */
export const ONBOARDING_TRANSITIONS: Record<OnboardingVisit, Record<OnboardingEvent, StepMoves>> = {
  intro: {
    booked: { 0: 2, 1: 2, 2: 2 },
    paid: {},
    done: { 2: 3 },
    cancelled: { 2: STEP_BEFORE_BOOKING },
    cancelledWithFee: { 2: 3 },
  },
  firstVisit: {
    booked: fromEveryStep(4),
    paid: { 4: 5 },
    done: { 4: 6, 5: 6 },
    cancelled: { 4: STEP_BEFORE_BOOKING },
    cancelledWithFee: { 4: 6 },
  },
  nextVisit: {
    booked: fromEveryStep(7),
    paid: { 7: 8 },
    done: { 7: 9, 8: 9 },
    cancelled: { 7: STEP_BEFORE_BOOKING },
    cancelledWithFee: { 7: 9 },
  },
};

/** What the booking recorded about the step when it was booked. */
export interface BookingStepRecord {
  /** The step booking this visit set (null: it set none, so its later events move nothing). */
  SetOnboardingStep: OnboardingStep | null;
  /** The step the patient was at before. */
  PreviousOnboardingStep: OnboardingStep | null;
}

/**
 * The patient's next step after an event of one of their visits, or null when it stays. After the booking,
 * a visit moves the step only while the step is still the one it set, or what its payment made of it: a
 * later booking (or an assignment) has taken the journey over otherwise.
 */
export const nextOnboardingStep = (
  visit: OnboardingVisit | null,
  event: OnboardingEvent,
  current: OnboardingStep,
  booking?: BookingStepRecord,
): OnboardingStep | null => {
  if (!visit) return null;
  if (event !== 'booked') {
    const set = booking?.SetOnboardingStep ?? null;
    if (set === null) return null;
    const paid = ONBOARDING_TRANSITIONS[visit].paid[set];
    if (current !== set && current !== paid) return null;
  }
  const target = ONBOARDING_TRANSITIONS[visit][event][current];
  if (target === undefined) return null;
  return target === STEP_BEFORE_BOOKING ? (booking?.PreviousOnboardingStep ?? null) : target;
};
