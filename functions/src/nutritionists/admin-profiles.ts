/**
 * Back-office of nutritionist profiles (BusinessAdmin): the list with completeness, reading and editing a
 * profile, and its photo. The target must hold the Nutritionist role; anyone else is 404 here.
 */
import {
  PUBLIC_PROFILE_REQUIRED_FIELDS,
  optionalText,
  updateNutritionistProfileSchema,
  validationTexts,
  type PublicProfileRequiredField,
} from '@nutri/shared';
import * as z from 'zod';
import { getUser, listRoleMembers, type User } from '../accounts';
import { UNKNOWN_SKILLS } from '../http/domain-errors';
import { AppError, notFound } from '../http/errors';
import { defineOperation } from '../http/operation';
import { now } from '../platform/clock';
import { pageCursor } from '../platform/db/cursor';
import { missingFields, toAdminProfile, toAdminSummary } from './profile-view';
import { deleteNutritionistPhoto, readPhotoUpload, storeNutritionistPhoto } from './profile-photo';
import { NUTRITIONIST_NOT_FOUND } from './public-nutritionists';
import {
  assignSkillIds,
  getNutritionistProfile,
  getNutritionistProfiles,
  saveNutritionistProfile,
  type NutritionistProfile,
  type ProfileChanges,
} from './public-profiles-repo';
import { skillNamesById, toUserSkills, unknownSkillTagIds } from './skills';

export const listAdminQuerySchema = z.strictObject({
  displayName: optionalText(100).default(''),
  limit: z.coerce
    .number({ error: validationTexts.invalidValue })
    .int({ error: validationTexts.invalidValue })
    .min(1, { error: validationTexts.invalidValue })
    .max(100, { error: validationTexts.invalidValue })
    .default(100),
  cursor: z.string().max(2000).optional(),
});

export const listNutritionistsForAdmin = defineOperation(
  ['BusinessAdmin'],
  { query: listAdminQuerySchema },
  async ({ query }) => {
    const cursor = pageCursor('role-members', 'Nutritionist', query.displayName);
    const page = await listRoleMembers(
      'Nutritionist',
      query.displayName,
      query.limit,
      await cursor.decode(query.cursor),
    );
    const profiles = await getNutritionistProfiles(page.members.map((member) => member.userId));
    return {
      Data: page.members.map((member) =>
        toAdminSummary(
          { Id: member.userId, DisplayName: member.DisplayName, Email: member.Email },
          profiles.get(member.userId) ?? null,
        ),
      ),
      Count: page.members.length,
      NextCursor: await cursor.encode(page.next),
    };
  },
);

const requireNutritionist = async (userId: string): Promise<User> => {
  const user = await getUser(userId);
  if (!user?.roles.includes('Nutritionist')) throw notFound(NUTRITIONIST_NOT_FOUND);
  return user;
};

const adminView = async (user: User, profile: NutritionistProfile | null) => {
  const held = profile?.Skills ?? [];
  return toAdminProfile(user, profile, toUserSkills(held, await skillNamesById(held)));
};

const userIdPath = z.object({ userId: z.string().min(1).max(100) });

export const getNutritionistProfileForAdmin = defineOperation(
  ['BusinessAdmin'],
  { path: userIdPath },
  async ({ path }) => {
    const user = await requireNutritionist(path.userId);
    return adminView(user, await getNutritionistProfile(user.Id));
  },
);

export const DEACTIVATED_NOT_PUBLIC =
  'Il nutrizionista è disattivato: riattivalo prima di rendere pubblico il profilo.';
export const INCOMPLETE_FOR_PUBLIC = 'Completa il profilo prima di renderlo pubblico.';

const MISSING_MESSAGES: Record<PublicProfileRequiredField, string> = {
  ProfessionalTitle: validationTexts.required,
  PersonalTitle: validationTexts.required,
  Bio: validationTexts.required,
  Training: validationTexts.required,
  ProfilePageUrl: validationTexts.required,
  Gender: validationTexts.required,
  SkillTagIds: 'Scegli almeno una specializzazione.',
  Image: 'Carica una foto del profilo.',
};

export const updateNutritionistProfile = defineOperation(
  ['BusinessAdmin'],
  { path: userIdPath, body: updateNutritionistProfileSchema },
  async ({ path, body }) => {
    const user = await requireNutritionist(path.userId);
    const current = await getNutritionistProfile(user.Id);
    const { SkillTagIds, ...fields } = body;
    const changes: ProfileChanges = { ...fields };
    if (SkillTagIds) {
      const unknown = await unknownSkillTagIds(SkillTagIds);
      if (unknown.length) {
        throw new AppError('validation_failed', UNKNOWN_SKILLS, {
          errors: { SkillTagIds: [`Specializzazioni inesistenti: ${unknown.join(', ')}`] },
        });
      }
      changes.Skills = await assignSkillIds(current?.Skills ?? [], SkillTagIds);
    }
    if (Object.values(changes).every((value) => value === undefined)) return adminView(user, current);

    if (changes.IsPublic && current?.Deactivated)
      throw new AppError('conflict', DEACTIVATED_NOT_PUBLIC, {
        errors: { IsPublic: [DEACTIVATED_NOT_PUBLIC] },
      });
    // A public profile must stay complete: checked on the result, so hiding fields of a public one fails too.
    const result = { ...(current ?? { Skills: [], ImagePath: null }), ...changes } as NutritionistProfile;
    const missing = result.IsPublic ? missingFields(result) : [];
    if (missing.length) {
      throw new AppError('unprocessable', INCOMPLETE_FOR_PUBLIC, {
        errors: Object.fromEntries(
          PUBLIC_PROFILE_REQUIRED_FIELDS.filter((field) => missing.includes(field)).map((field) => [
            field,
            [MISSING_MESSAGES[field]],
          ]),
        ),
      });
    }
    return adminView(user, await saveNutritionistProfile(user.Id, current, changes, now()));
  },
);

export const uploadNutritionistImage = defineOperation(
  ['BusinessAdmin'],
  { path: userIdPath },
  async ({ path, event }) => {
    const user = await requireNutritionist(path.userId);
    const image = await readPhotoUpload(event);
    const current = await getNutritionistProfile(user.Id);
    const prefix = await storeNutritionistPhoto(user.Id, image);
    let saved: NutritionistProfile;
    try {
      saved = await saveNutritionistProfile(user.Id, current, { ImagePath: prefix }, now());
    } catch (error) {
      // The profile changed meanwhile: the new renditions belong to nobody.
      await deleteNutritionistPhoto(prefix);
      throw error;
    }
    if (current?.ImagePath) await deleteNutritionistPhoto(current.ImagePath);
    return adminView(user, saved);
  },
);
