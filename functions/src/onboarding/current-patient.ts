/**
 * The signed-in patient's own onboarding data (docs/product.md#api, Patient): profile, onboarding step,
 * questionnaire preferences, setting a password, the assigned nutritionist and the one change allowed.
 */
import { newPasswordSchema } from '@nutri/shared';
import * as z from 'zod';
import type { SignedInActor } from '../http/actor';
import { requireActorUser, hashPassword, assertAcceptablePassword, updateUser } from '../accounts';
import { AppError, forbidden, notFound } from '../http/errors';
import { defineOperation, noContent } from '../http/operation';
import { getNutritionistProfile, getNutritionistProfiles, adjustActivePatients } from '../nutritionists';
import { now } from '../platform/clock';
import {
  changePatientNutritionist,
  getPatientProfile,
  updatePatientProfile,
  type PatientProfile,
} from './patients-repo';
import { getSubmission } from './submissions-repo';
import { publicNutritionistsByIds } from './public-nutritionists';
import { collaborators } from './collaborators';
import { privacyAcceptanceOf } from './contracts';

const requirePatient = async (actor: SignedInActor<'Patient'>): Promise<PatientProfile> => {
  const user = await requireActorUser(actor);
  const profile = await getPatientProfile(user.Id);
  if (!profile) throw forbidden();
  return profile;
};

const PROFILE_FIELDS = [
  'UserId',
  'DefaultNutritionistUserId',
  'HasChangedNutritionist',
  'HasLateCancelledIc',
  'IsPasswordSet',
  'PrivacyContractSigned',
  'PrivacyContractsUpdated',
  'Gender',
  'OnboardingStep',
] as const;

const fieldsQuery = z.object({
  fields: z
    .string()
    .max(500)
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((field) => field.trim())
            .filter(Boolean)
        : [],
    )
    .refine((fields) => fields.every((field) => (PROFILE_FIELDS as readonly string[]).includes(field)), {
      error: `Campi disponibili: ${PROFILE_FIELDS.join(', ')}.`,
    }),
});

export const getCurrentPatientProfile = defineOperation(
  ['Patient'],
  { query: fieldsQuery },
  async ({ actor, query }) => {
    const profile = await requirePatient(actor);
    const fields: readonly string[] = query.fields.length ? query.fields : PROFILE_FIELDS;
    // Signed means the versions in effect were accepted (docs/product.md#contracts): after a new version,
    // a patient who accepted the old one is asked again, and `PrivacyContractsUpdated` says why.
    const privacy =
      fields.includes('PrivacyContractSigned') || fields.includes('PrivacyContractsUpdated')
        ? await privacyAcceptanceOf(profile, now())
        : null;
    const view = {
      ...profile,
      PrivacyContractSigned: privacy?.signed ?? false,
      PrivacyContractsUpdated: privacy?.updated ?? false,
    };
    return Object.fromEntries(fields.map((field) => [field, view[field as (typeof PROFILE_FIELDS)[number]]]));
  },
);

export const getOnboardingStep = defineOperation(['Patient'], {}, async ({ actor }) => ({
  OnboardingStep: (await requirePatient(actor)).OnboardingStep,
}));

export const getTallyPreferences = defineOperation(['Patient'], {}, async ({ actor }) => {
  const profile = await requirePatient(actor);
  const submission = profile.TallySubmissionId ? await getSubmission(profile.TallySubmissionId) : null;
  return {
    Skills: submission?.criteria.skills ?? [],
    GenderPreference: submission?.criteria.genderPreference ?? 'any',
  };
});

export const PASSWORD_SET_NOT_ALLOWED =
  'La password è già impostata: per cambiarla usa la pagina Cambia password, che chiede quella attuale.';

export const setPassword = defineOperation(
  ['Patient'],
  { body: z.strictObject({ Password: newPasswordSchema }) },
  async ({ actor, body }) => {
    const user = await requireActorUser(actor);
    const profile = await requirePatient(actor);
    const at = now();
    const inWindow = user.passwordSetAllowedUntil ? new Date(user.passwordSetAllowedUntil) > at : false;
    if (profile.IsPasswordSet && !inWindow) throw new AppError('forbidden', PASSWORD_SET_NOT_ALLOWED);
    await assertAcceptablePassword(body.Password, 'Password');
    await updateUser(
      user,
      { passwordHash: await hashPassword(body.Password), passwordSetAllowedUntil: null },
      at,
    );
    if (!profile.IsPasswordSet) await updatePatientProfile(profile, { IsPasswordSet: true }, at);
    return noContent();
  },
);

export const getCurrentPatientNutritionist = defineOperation(['Patient'], {}, async ({ actor }) => {
  const profile = await requirePatient(actor);
  if (!profile.DefaultNutritionistUserId) throw notFound('Non ti abbiamo ancora abbinato un nutrizionista.');
  const submission = profile.TallySubmissionId ? await getSubmission(profile.TallySubmissionId) : null;
  const nutritionist = await getNutritionistProfile(profile.DefaultNutritionistUserId);
  const [publicView] = await publicNutritionistsByIds([profile.DefaultNutritionistUserId]);
  const alternatives = (submission?.match.alternatives ?? []).filter(
    (id) => id !== profile.DefaultNutritionistUserId,
  );
  return {
    Nutritionist: publicView ?? null,
    MatchingSkills: submission?.match.matchingSkills ?? [],
    MatchingNutritionists: await publicNutritionistsByIds(alternatives),
    CalendarSlotsAvailable: nutritionist?.CalendarSlotsAvailable ?? false,
    IsBillingProfileComplete: await collaborators().isBillingProfileComplete(
      profile.DefaultNutritionistUserId,
    ),
  };
});

export const CHANGE_NOT_ALLOWED =
  'Puoi cambiare nutrizionista una sola volta, prima dell’incontro conoscitivo. Per altre richieste scrivi all’assistenza.';

export const changeNutritionist = defineOperation(
  ['Patient'],
  { body: z.strictObject({ NutritionistId: z.string().min(1).max(100) }) },
  async ({ actor, body }) => {
    const profile = await requirePatient(actor);
    if (profile.HasChangedNutritionist || (profile.OnboardingStep !== 1 && profile.OnboardingStep !== 2)) {
      throw new AppError('unprocessable', CHANGE_NOT_ALLOWED);
    }
    if (body.NutritionistId === profile.DefaultNutritionistUserId) {
      throw new AppError('validation_failed', 'È già il tuo nutrizionista.', {
        errors: { NutritionistId: ['È già il tuo nutrizionista.'] },
      });
    }
    const target = (await getNutritionistProfiles([body.NutritionistId])).get(body.NutritionistId);
    if (!target?.IsPublic)
      throw new AppError('validation_failed', 'Nutrizionista non disponibile.', {
        errors: { NutritionistId: ['Nutrizionista non disponibile.'] },
      });
    const previous = profile.DefaultNutritionistUserId;
    await changePatientNutritionist(profile, body.NutritionistId, now());
    await adjustActivePatients(body.NutritionistId, 1);
    if (previous) await adjustActivePatients(previous, -1);
    // Chat lists: the new pair appears; the old one goes unless it already had a conversation.
    await collaborators().announcePairing(profile.UserId, body.NutritionistId, previous);
    return noContent();
  },
);
