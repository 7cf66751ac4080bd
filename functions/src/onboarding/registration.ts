/**
 * Registration after the questionnaire (POST Tally/RegisterPatient) and e-mail verification
 * (POST Tally/{verificationToken}/Verify). Registration creates the patient with the nutritionist the
 * matching chose and signs them in; the e-mail link then confirms the address.
 */
import {
  QUESTION_KEYS,
  SEX_OPTIONS,
  USER_ALREADY_EXISTS_CODE,
  USER_ALREADY_EXISTS_MESSAGE,
  registrationSchema,
  type TokenResponse,
} from '@nutri/shared';
import * as z from 'zod';
import {
  consumeOneTimeToken,
  issueOneTimeToken,
  startRefreshFamily,
  hashPassword,
  assertAcceptablePassword,
  INSTANT_LOGIN_LIFETIME_SECONDS,
  createUser,
  findUserByLogin,
  getUser,
  updateUser,
  type User,
} from '../accounts';
import { clientIp } from '../http/client-ip';
import { AppError, isConflict } from '../http/errors';
import { admitWithinLimit } from '../http/rate-limit';
import { defineOperation } from '../http/operation';
import { adjustActivePatients } from '../nutritionists';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { newId } from '../platform/ids';
import { logger } from '../platform/logger';
import { sendMail } from '../platform/mail';
import type { ThrottleRule } from '../platform/throttle';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../platform/tokens';
import { verifyEmailMail } from './mails';
import { patientItems, type PatientProfile } from './patients-repo';
import { claimSubmission, getSubmission, releaseSubmission, type Submission } from './submissions-repo';
import { collaborators } from './collaborators';

export const EMAIL_VERIFICATION_LIFETIME_SECONDS = 48 * 3600;
/** After verifying the e-mail, the patient may (re)set a password without the old one for this long. */
export const SET_PASSWORD_WINDOW_MS = 30 * 60_000;

export const USER_ALREADY_REGISTERED = 'Utente già registrato';

const submissionUsed = () =>
  new AppError('conflict', 'Questo questionario è già stato usato per una registrazione.');

const genderFromAnswers = (submission: Submission) => {
  const value = submission.fields.find((field) => field.key === QUESTION_KEYS.sex)?.value;
  const id = Array.isArray(value) ? value[0] : value;
  return id === SEX_OPTIONS.male ? 1 : id === SEX_OPTIONS.female ? 2 : null;
};

export const signIn = async (user: User, rememberMe: boolean): Promise<TokenResponse> => {
  const { token, family } = await startRefreshFamily(user.Id, rememberMe, now());
  return {
    accessToken: await signAccessToken({ sub: user.Id, roles: user.roles, fam: family.familyId }),
    refreshToken: token,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
};

export const sendVerificationMail = async (user: User, firstName: string) => {
  const token = await issueOneTimeToken(
    'email-verification',
    user.Id,
    EMAIL_VERIFICATION_LIFETIME_SECONDS,
    now(),
    {
      email: user.Email,
    },
  );
  await sendMail({
    to: user.Email,
    ...verifyEmailMail(firstName, `${config().PUBLIC_BASE_URL}/VerifyEmail/${token}`),
  });
};

/** Registrations per client IP and hour that get as far as hashing a password (like the public forms). */
export const REGISTRATION_RATE_RULE: ThrottleRule = {
  scope: 'REGISTER-IP',
  limit: 30,
  windowSeconds: 60 * 60,
};

export const REGISTRATION_EMAIL_MISMATCH =
  'Usa l’indirizzo e-mail che hai indicato nel questionario. Potrai cambiarlo dal tuo profilo dopo la registrazione.';
export const GOOGLE_EMAIL_MISMATCH =
  'Il tuo account Google ha un indirizzo e-mail diverso da quello indicato nel questionario: registrati con l’e-mail del questionario oppure scegli l’account Google con quell’indirizzo.';

const normalizedEmail = (email: string) => email.trim().toLowerCase();

/** The address the questionnaire was filled in with: the account made from it must be this one. */
const questionnaireEmail = (submission: Submission) => {
  const value = submission.fields.find((field) => field.key === QUESTION_KEYS.email)?.value;
  return typeof value === 'string' && value.trim() ? normalizedEmail(value) : null;
};

/**
 * Creates a patient from a questionnaire; shared with the external sign-in registration. The cheap checks
 * (questionnaire found, suitable, e-mail of the questionnaire, account free) come first, then `admit`
 * (the caller's rate limit), then the claim of the questionnaire, and only then the password hash: a
 * call that cannot succeed, or a second call racing for the same questionnaire, costs no hashing.
 */
export const createPatientFromSubmission = async (
  submissionId: string,
  account: {
    email: string;
    firstName: string;
    lastName: string;
    mobilePhoneNo: string | null;
    password: string | null;
    emailVerified: boolean;
  },
  options: { emailMismatch: AppError; admit?: () => Promise<void> },
) => {
  const at = now();
  const submission = await getSubmission(submissionId);
  if (!submission) {
    throw new AppError(
      'not_found',
      'Non troviamo il tuo questionario: attendi qualche secondo e riprova, oppure compilalo di nuovo.',
    );
  }
  if (submission.match.kind === 'notSuitable') {
    throw new AppError(
      'unprocessable',
      'Il servizio non è adatto a chi segue una dieta terapeutica prescritta dal medico.',
    );
  }
  // Whoever knows a questionnaire's id (it travels in the /Grazie address) must not make it theirs with
  // another address: the answers are health data of the person who filled it in.
  if (questionnaireEmail(submission) !== normalizedEmail(account.email)) throw options.emailMismatch;
  if (submission.patientUserId) throw submissionUsed();
  if (await findUserByLogin(account.email)) {
    throw new AppError('conflict', USER_ALREADY_REGISTERED, { publicCode: USER_ALREADY_EXISTS_CODE });
  }
  await options.admit?.();
  const userId = newId();
  if (!(await claimSubmission(submissionId, userId))) throw submissionUsed();
  let passwordHash: string | null;
  try {
    passwordHash = account.password === null ? null : await hashPassword(account.password);
  } catch (error) {
    await releaseSubmission(submissionId);
    throw error;
  }
  const name = `${account.firstName} ${account.lastName}`;
  const user: User = {
    Id: userId,
    UserName: account.email.toLowerCase(),
    Email: account.email.toLowerCase(),
    Name: name,
    DisplayName: name,
    MobilePhoneNo: account.mobilePhoneNo,
    roles: ['Patient'],
    passwordHash,
    emailVerified: account.emailVerified,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  };
  const nutritionistUserId = submission.match.kind === 'matched' ? submission.match.nutritionistUserId : null;
  const profile: PatientProfile = {
    UserId: userId,
    DisplayName: name,
    DefaultNutritionistUserId: nutritionistUserId,
    HasChangedNutritionist: false,
    HasLateCancelledIc: false,
    IsPasswordSet: passwordHash !== null,
    PrivacyContractSigned: false,
    Gender: genderFromAnswers(submission),
    TallySubmissionId: submissionId,
    OnboardingStep: nutritionistUserId ? 1 : 0,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  };
  try {
    await createUser(user, patientItems(profile));
  } catch (error) {
    await releaseSubmission(submissionId);
    if (isConflict(error)) {
      throw new AppError('conflict', USER_ALREADY_REGISTERED, {
        publicCode: USER_ALREADY_EXISTS_CODE,
        cause: error,
      });
    }
    throw error;
  }
  if (nutritionistUserId) {
    await adjustActivePatients(nutritionistUserId, 1);
    // The nutritionist's open chat screen lists the new patient at once.
    await collaborators().announcePairing(userId, nutritionistUserId);
  }
  logger.info('Patient registered', { userId, matched: nutritionistUserId !== null });
  return user;
};

export const registerPatient = defineOperation(
  'public',
  { body: registrationSchema },
  async ({ body, event }) => {
    await assertAcceptablePassword(body.Password, 'Password');
    const user = await createPatientFromSubmission(
      body.TallySubmissionId,
      {
        email: body.Email,
        firstName: body.FirstName,
        lastName: body.LastName,
        mobilePhoneNo: body.MobilePhoneNo,
        password: body.Password,
        emailVerified: false,
      },
      {
        emailMismatch: new AppError('validation_failed', REGISTRATION_EMAIL_MISMATCH, {
          errors: { Email: [REGISTRATION_EMAIL_MISMATCH] },
        }),
        admit: () =>
          admitWithinLimit(
            REGISTRATION_RATE_RULE,
            clientIp(event),
            now(),
            (minutes) => `Troppe registrazioni da questa connessione. Riprova tra ${minutes} minuti.`,
          ),
      },
    );
    await sendVerificationMail(user, body.FirstName);
    return signIn(user, false);
  },
);

/** Link previewers fetch links to draw a preview; they must not use up the single-use token. */
const LINK_PREVIEWERS =
  /WhatsApp|facebookexternalhit|TelegramBot|Slackbot|Twitterbot|LinkedInBot|Discordbot|SkypeUriPreview/i;

export const verifyEmail = defineOperation(
  'public',
  { path: z.object({ verificationToken: z.string().min(1).max(200) }) },
  async ({ path, event }) => {
    const userAgent =
      Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === 'user-agent')?.[1] ?? '';
    if (LINK_PREVIEWERS.test(userAgent)) return { Preview: true };
    const at = now();
    const consumed = await consumeOneTimeToken('email-verification', path.verificationToken, at);
    if (!consumed)
      throw new AppError('bad_request', 'Il link di verifica non è valido, è scaduto o è già stato usato.');
    const user = await getUser(consumed.userId);
    if (!user)
      throw new AppError('bad_request', 'Il link di verifica non è valido, è scaduto o è già stato usato.');
    if (user.emailVerified || user.Email !== consumed.data.email)
      return { message: USER_ALREADY_EXISTS_MESSAGE };
    await updateUser(
      user,
      {
        emailVerified: true,
        emailVerifiedAt: at.toISOString(),
        passwordSetAllowedUntil: new Date(at.getTime() + SET_PASSWORD_WINDOW_MS).toISOString(),
      },
      at,
    );
    const instantLoginToken = await issueOneTimeToken(
      'instant-login',
      user.Id,
      INSTANT_LOGIN_LIFETIME_SECONDS,
      at,
    );
    return { InstantLoginToken: instantLoginToken };
  },
);
