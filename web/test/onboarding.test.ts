import { describe, expect, it, vi } from 'vitest';
import { matchPath } from 'react-router-dom';
import { ONBOARDING_STEPS, QUESTIONNAIRE, USER_ALREADY_EXISTS_CODE } from '@nutri/shared';
import { ApiError, NetworkError } from '../src/api/api-error';
import { PUBLIC_PAGE_ROUTES, accessKey } from '../src/app/route-table';
import { SIGNED_IN_PAGE_ROUTES } from '../src/app/signed-in/route-table';

const PAGE_ROUTES = [...PUBLIC_PAGE_ROUTES, ...SIGNED_IN_PAGE_ROUTES];
import { tallyEmbedUrl } from '../src/features/onboarding/components/tally-embed';
import { isLinkPreviewer } from '../src/features/onboarding/link-preview';
import { canChangeNutritionist, stepCard } from '../src/features/onboarding/onboarding-steps';
import { PRIVACY_ERRORS, privacyConsentErrors } from '../src/features/onboarding/privacy-consent';
import {
  HIDDEN_ANSWERS,
  QUESTION_STEPS,
  firstInvalidStep,
  joinPhoneAnswer,
  stepOfServerErrors,
  stepProgress,
  toSubmittedAnswers,
  validateAnswer,
  type Answers,
} from '../src/features/onboarding/questionnaire';
import {
  classifyRegistrationError,
  registerWhenArrived,
  registrationFormSchema,
  toRegistrationRequest,
} from '../src/features/onboarding/registration';
import { readRegistrationPrefill } from '../src/features/onboarding/registration-prefill';
import { nextProgress, verificationResult } from '../src/features/onboarding/verification';
import { paths } from '../src/paths';

const question = (key: string) => QUESTIONNAIRE.find((entry) => entry.key === key)!;

const apiError = (status: number, body: unknown = '') =>
  new ApiError({ method: 'POST', url: '/api/v2/Tally/RegisterPatient', status, statusText: '', body });

const COMPLETE: Answers = {
  question_goals: ['goal_sport', 'goal_weight'],
  question_medical_diet: 'medical_diet_no',
  question_gender_preference: 'pref_any',
  question_diet_style: 'diet_omnivore',
  question_sex: 'sex_female',
  question_age: ' 35 ',
  question_first_name: ' Laura ',
  question_email: 'laura@example.it',
  question_phone: '+393331112233',
};

describe('built-in questionnaire', () => {
  it('asks every shared question but the hidden fields, one per step', () => {
    expect(QUESTION_STEPS.map((step) => step.key)).toEqual(
      QUESTIONNAIRE.filter((entry) => entry.type !== 'HIDDEN_FIELDS').map((entry) => entry.key),
    );
    expect(QUESTION_STEPS.some((step) => step.type === 'HIDDEN_FIELDS')).toBe(false);
    expect(stepProgress(0)).toEqual({ label: `Domanda 1 di ${QUESTION_STEPS.length}`, percent: 10 });
    expect(stepProgress(QUESTION_STEPS.length - 1).percent).toBe(100);
  });

  it('requires the required answers in Italian and lets optional ones be empty', () => {
    expect(validateAnswer(question('question_goals'), [])).toBe('Campo obbligatorio');
    expect(validateAnswer(question('question_goals'), undefined)).toBe('Campo obbligatorio');
    expect(validateAnswer(question('question_medical_diet'), '')).toBe('Campo obbligatorio');
    expect(validateAnswer(question('question_first_name'), '   ')).toBe('Campo obbligatorio');
    expect(validateAnswer(question('question_notes'), '')).toBeNull();
    expect(validateAnswer(question('question_phone'), '')).toBeNull();
  });

  it('checks choices, age, e-mail and phone', () => {
    expect(validateAnswer(question('question_goals'), ['goal_sport'])).toBeNull();
    expect(validateAnswer(question('question_goals'), ['goal_unknown'])).toBe('Valore non valido');
    expect(validateAnswer(question('question_sex'), 'sex_male')).toBeNull();
    expect(validateAnswer(question('question_sex'), ['sex_male', 'sex_female'])).toBe('Valore non valido');
    expect(validateAnswer(question('question_age'), '35')).toBeNull();
    expect(validateAnswer(question('question_age'), '3')).toMatch(/^Inserisci un’età tra/);
    expect(validateAnswer(question('question_age'), '35.5')).toMatch(/^Inserisci un’età tra/);
    expect(validateAnswer(question('question_email'), 'laura@')).toBe('Indirizzo e-mail non valido');
    expect(validateAnswer(question('question_email'), 'laura@example.it')).toBeNull();
    expect(validateAnswer(question('question_phone'), '+39333')).toBe(
      'Il numero deve contenere da 9 a 12 cifre',
    );
    expect(validateAnswer(question('question_phone'), joinPhoneAnswer('+39', '333 111 2233'))).toBeNull();
    expect(joinPhoneAnswer('+39', '')).toBe('');
  });

  it('finds the first step to fix and the step a server error names', () => {
    expect(firstInvalidStep(COMPLETE)).toBe(-1);
    const { question_sex: _sex, ...withoutSex } = COMPLETE;
    expect(firstInvalidStep(withoutSex)).toBe(
      QUESTION_STEPS.findIndex((step) => step.key === 'question_sex'),
    );
    expect(stepOfServerErrors({ question_email: ['Campo obbligatorio'] })).toBe(
      QUESTION_STEPS.findIndex((step) => step.key === 'question_email'),
    );
    expect(stepOfServerErrors({ other: ['x'] })).toBe(-1);
  });

  it('posts trimmed answers, the age as a number and the hidden source', () => {
    const submitted = toSubmittedAnswers({ ...COMPLETE, question_notes: '  ' });
    expect(submitted).toEqual({
      question_goals: ['goal_sport', 'goal_weight'],
      question_medical_diet: 'medical_diet_no',
      question_gender_preference: 'pref_any',
      question_diet_style: 'diet_omnivore',
      question_sex: 'sex_female',
      question_age: 35,
      question_first_name: 'Laura',
      question_email: 'laura@example.it',
      question_phone: '+393331112233',
      question_source: 'sito',
    });
    expect(HIDDEN_ANSWERS).toEqual({ question_source: 'sito' });
  });

  it('embeds Tally with the agreed options', () => {
    expect(tallyEmbedUrl('mRoDv3')).toBe(
      'https://tally.so/embed/mRoDv3?alignLeft=1&hideTitle=1&transparentBackground=1&dynamicHeight=1',
    );
  });
});

describe('link previewers', () => {
  it('recognises WhatsApp and the other chat apps, not browsers', () => {
    expect(isLinkPreviewer('WhatsApp/2.23.20.0 A')).toBe(true);
    expect(isLinkPreviewer('facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)')).toBe(
      true,
    );
    expect(isLinkPreviewer('TelegramBot (like TwitterBot)')).toBe(true);
    expect(
      isLinkPreviewer(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
    expect(isLinkPreviewer('')).toBe(false);
    expect(isLinkPreviewer(undefined)).toBe(false);
  });
});

describe('registration', () => {
  const form = {
    FirstName: ' Laura ',
    LastName: 'Neri',
    Email: 'laura@example.it',
    phonePrefix: '+39',
    phoneNumber: '333 111 2233',
    Password: 'Melograno-Rosso-26',
  };

  it('validates with the shared schema and builds the payload', () => {
    const parsed = registrationFormSchema.parse(form);
    expect(toRegistrationRequest('sub1', parsed)).toEqual({
      TallySubmissionId: 'sub1',
      FirstName: 'Laura',
      LastName: 'Neri',
      Email: 'laura@example.it',
      Password: 'Melograno-Rosso-26',
      MobilePhoneNo: '+393331112233',
    });
    const refused = registrationFormSchema.safeParse({ ...form, phoneNumber: '3331', Password: 'corta' });
    const messages = Object.fromEntries(
      (refused.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(messages).toEqual({
      phoneNumber: 'Il numero deve contenere da 9 a 12 cifre',
      Password: 'La password deve contenere almeno 8 caratteri',
    });
  });

  it('tells apart an existing user, field errors and anything else', () => {
    expect(
      classifyRegistrationError(
        apiError(409, { code: USER_ALREADY_EXISTS_CODE, message: 'Utente già registrato' }),
      ),
    ).toEqual({ kind: 'alreadyExists' });
    expect(
      classifyRegistrationError(
        apiError(400, {
          code: 'validation_failed',
          message: 'x',
          Errors: { Password: ['Password troppo comune'], MobilePhoneNo: ['No'] },
        }),
      ),
    ).toEqual({ kind: 'fields', fieldErrors: { Password: ['Password troppo comune'], phoneNumber: ['No'] } });
    expect(
      classifyRegistrationError(
        apiError(400, { code: 'validation_failed', message: 'x', Errors: { TallySubmissionId: ['No'] } }),
      ),
    ).toEqual({ kind: 'other', message: 'x' });
    expect(
      classifyRegistrationError(apiError(422, { code: 'unprocessable', message: 'Non adatto' })),
    ).toEqual({
      kind: 'other',
      message: 'Non adatto',
    });
    expect(
      classifyRegistrationError(apiError(500, { code: 'internal', message: 'Errore inatteso.' })),
    ).toEqual({
      kind: 'other',
      message: null,
    });
    expect(classifyRegistrationError(new NetworkError('POST', '/x', new TypeError()))).toEqual({
      kind: 'other',
      message: null,
    });
  });

  it('waits for a questionnaire that has not arrived, a few times only', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const onWaiting = vi.fn();
    const register = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(apiError(404))
      .mockRejectedValueOnce(apiError(404))
      .mockResolvedValue('tokens');
    await expect(registerWhenArrived(register, { sleep, onWaiting, delayMs: 5 })).resolves.toBe('tokens');
    expect(register).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledWith(5);
    expect(onWaiting).toHaveBeenCalledTimes(2);

    const neverArrives = vi.fn(() => Promise.reject(apiError(404)));
    await expect(registerWhenArrived(neverArrives, { sleep, attempts: 4 })).rejects.toMatchObject({
      status: 404,
    });
    expect(neverArrives).toHaveBeenCalledTimes(4);

    const refused = vi.fn(() => Promise.reject(apiError(409)));
    await expect(registerWhenArrived(refused, { sleep })).rejects.toMatchObject({ status: 409 });
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('reads the questionnaire’s prefill from the navigation state only when well formed', () => {
    const prefill = { firstName: 'Laura', email: 'l@x.it', phonePrefix: '+39', phoneNumber: '3331112233' };
    expect(readRegistrationPrefill({ prefill })).toEqual(prefill);
    expect(readRegistrationPrefill({ prefill: { ...prefill, email: 3 } })).toBeNull();
    expect(readRegistrationPrefill(null)).toBeNull();
  });
});

describe('e-mail verification', () => {
  it('advances the bar by 5 and holds it short of full while waiting', () => {
    expect(nextProgress(0)).toBe(5);
    expect(nextProgress(90)).toBe(95);
    expect(nextProgress(95)).toBe(95);
  });

  it('signs in with the instant-login token; anything else is the already-exists notice', () => {
    expect(verificationResult({ InstantLoginToken: 't' })).toEqual({ kind: 'instantLogin', token: 't' });
    expect(verificationResult({ message: 'User already exists.' })).toEqual({ kind: 'alreadyExists' });
    expect(verificationResult({ message: 'Something else' })).toEqual({ kind: 'alreadyExists' });
    expect(verificationResult({ Preview: true })).toEqual({ kind: 'preview' });
  });
});

describe('patient home', () => {
  it('gives each onboarding step its shared headline and the right next action', () => {
    for (const { step, headline } of ONBOARDING_STEPS) expect(stepCard(step).headline).toBe(headline);
    expect(stepCard(0).action).toBeNull();
    expect(stepCard(1).action?.href).toBe('/Patients/Agenda');
    expect(stepCard(3).action?.href).toBe('/Chat');
    expect(stepCard(4).action).toEqual({ label: 'Paga la visita', href: '/Patients/Agenda' });
    expect(stepCard(7).action).toEqual({ label: 'Paga la visita', href: '/Patients/Agenda' });
    expect(stepCard(42).step).toBe(0);
  });

  it('offers the change of nutritionist once, at steps 1 and 2 only', () => {
    expect(canChangeNutritionist({ OnboardingStep: 1, HasChangedNutritionist: false })).toBe(true);
    expect(canChangeNutritionist({ OnboardingStep: 2, HasChangedNutritionist: false })).toBe(true);
    expect(canChangeNutritionist({ OnboardingStep: 3, HasChangedNutritionist: false })).toBe(false);
    expect(canChangeNutritionist({ OnboardingStep: 0, HasChangedNutritionist: false })).toBe(false);
    expect(canChangeNutritionist({ OnboardingStep: 1, HasChangedNutritionist: true })).toBe(false);
  });

  it('requires both privacy notices with the spec’s texts', () => {
    expect(privacyConsentErrors({ service: false, nutritionist: false })).toEqual({
      service: 'L’accettazione dell’informativa privacy del servizio è obbligatoria.',
      nutritionist: 'L’accettazione dell’informativa privacy del nutrizionista è obbligatoria.',
    });
    expect(privacyConsentErrors({ service: true, nutritionist: false })).toEqual({
      nutritionist: PRIVACY_ERRORS.nutritionist,
    });
    expect(privacyConsentErrors({ service: true, nutritionist: true })).toEqual({});
  });
});

describe('onboarding routes', () => {
  const routeOf = (pathname: string) =>
    PAGE_ROUTES.find((route) => matchPath({ path: route.pattern }, pathname) !== null);

  it('serves the questionnaire under both spellings and the other pages with their access', () => {
    const questionnaire = routeOf('/Trova-il-tuo-Nutrizionista');
    expect(questionnaire?.pattern).toBe(paths.findNutritionist.pattern);
    expect(routeOf('/trova-il-tuo-nutrizionista')).toBe(questionnaire);
    expect(accessKey(routeOf('/Grazie')!.access)).toBe('public');
    expect(accessKey(routeOf('/VerifyEmail/abc')!.access)).toBe('public');
    expect(accessKey(routeOf('/GoogleAuth')!.access)).toBe('public');
    expect(accessKey(routeOf('/Patients/Privacy/Servizio')!.access)).toBe('Patient');
    expect(accessKey(routeOf('/Patients/Privacy/Nutrizionista')!.access)).toBe('Patient');
    expect(paths.thanks({ submission_id: 'a b' })).toBe('/Grazie?submission_id=a+b');
  });
});
