/**
 * Nutritionists as the public sees them (docs/product.md#api, Public and content): the shuffled list, one
 * profile by id or friendly URL, the specialization tags, and the public profile chat cards use.
 * Hidden profiles answer 404 exactly like unknown ones.
 */
import { PAGE_SIZE, type PublicNutritionist } from '@nutri/shared';
import * as z from 'zod';
import { getUserNames, isNutritionist } from '../accounts';
import { notFound } from '../http/errors';
import { defineOperation } from '../http/operation';
import { now } from '../platform/clock';
import { dailySeed, seededOrder } from './public-order';
import {
  PUBLIC_NUTRITIONIST_FIELDS,
  pickFields,
  toPublicNutritionist,
  toPublicProfile,
  type PublicNutritionistField,
} from './profile-view';
import {
  findUserIdByProfileUrl,
  getNutritionistProfile,
  listPublicProfiles,
  type NutritionistProfile,
} from './public-profiles-repo';
import { skillNamesById, toUserSkills } from './skills';

export const NUTRITIONIST_NOT_FOUND = 'Nutrizionista non trovato.';
export const PROFILE_NOT_FOUND = 'Profilo non trovato.';

const integerParam = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Il parametro ${name} deve essere un numero intero.` })
    .int({ error: `Il parametro ${name} deve essere un numero intero.` })
    .min(min, { error: `Il parametro ${name} deve essere compreso tra ${min} e ${max}.` })
    .max(max, { error: `Il parametro ${name} deve essere compreso tra ${min} e ${max}.` });

export const listPublicQuerySchema = z.strictObject({
  limit: integerParam('limit', 1, PAGE_SIZE.nutritionistList).default(PAGE_SIZE.nutritionistList),
  skip: integerParam('skip', 0, 100_000).default(0),
  seed: integerParam('seed', 0, Number.MAX_SAFE_INTEGER).optional(),
  fields: z
    .string()
    .max(500)
    .transform((value, context) => {
      const fields = value
        .split(',')
        .map((field) => field.trim())
        .filter(Boolean);
      for (const field of fields) {
        if (!(PUBLIC_NUTRITIONIST_FIELDS as string[]).includes(field)) {
          context.addIssue({ code: 'custom', message: `Campo non disponibile: ${field}` });
        }
      }
      return fields as PublicNutritionistField[];
    })
    .optional(),
});

/** Public cards of profiles, with the names read from the user items; a user no longer a nutritionist is left out. */
const toPublicNutritionists = async (
  profiles: readonly NutritionistProfile[],
): Promise<PublicNutritionist[]> => {
  const [users, skillNames] = await Promise.all([
    getUserNames(profiles.map((profile) => profile.UserId)),
    skillNamesById(profiles.flatMap((profile) => profile.Skills)),
  ]);
  return profiles.flatMap((profile) => {
    const user = users.get(profile.UserId);
    if (!isNutritionist(user)) return [];
    const names = toUserSkills(profile.Skills, skillNames).map((skill) => skill.Skill.Name);
    return [toPublicNutritionist(profile, user!.DisplayName, names)];
  });
};

export const listPublicNutritionists = defineOperation(
  'public',
  { query: listPublicQuerySchema },
  async ({ query }) => {
    const profiles = seededOrder(
      await listPublicProfiles(),
      (profile) => profile.UserId,
      query.seed ?? dailySeed(now()),
    );
    const page = await toPublicNutritionists(profiles.slice(query.skip, query.skip + query.limit));
    return {
      Data: page.map((nutritionist) => pickFields(nutritionist, query.fields)),
      // The total, so the list can show its pages; skip-based paging has no cursor.
      Count: profiles.length,
      NextCursor: null,
    };
  },
);

const publicProfileOf = async (userId: string | null): Promise<PublicNutritionist> => {
  const profile = userId ? await getNutritionistProfile(userId) : null;
  const [nutritionist] = profile?.IsPublic ? await toPublicNutritionists([profile]) : [];
  if (!nutritionist) throw notFound(NUTRITIONIST_NOT_FOUND);
  return nutritionist;
};

const userIdPath = z.object({ userId: z.string().min(1).max(100) });

export const getPublicNutritionist = defineOperation('public', { path: userIdPath }, ({ path }) =>
  publicProfileOf(path.userId),
);

export const getPublicNutritionistByFriendlyUrl = defineOperation(
  'public',
  { path: z.object({ friendlyUrl: z.string().min(1).max(120) }) },
  async ({ path }) => publicProfileOf(await findUserIdByProfileUrl(path.friendlyUrl)),
);

/**
 * A nutritionist's user name and profile, for endpoints that serve every nutritionist, public or not
 * (a patient's own nutritionist stays visible in chat even when hidden from the list).
 */
const nutritionistOf = async (userId: string) => {
  const [users, profile] = await Promise.all([getUserNames([userId]), getNutritionistProfile(userId)]);
  const user = users.get(userId);
  if (!user || !isNutritionist(user)) throw notFound(PROFILE_NOT_FOUND);
  return { user, profile };
};

export const getUserSkills = defineOperation('public', { path: userIdPath }, async ({ path }) => {
  const { profile } = await nutritionistOf(path.userId);
  const held = profile?.Skills ?? [];
  const skills = toUserSkills(held, await skillNamesById(held));
  return { Data: skills, Count: skills.length, NextCursor: null };
});

export const getPublicProfile = defineOperation('public', { path: userIdPath }, async ({ path }) => {
  const { user, profile } = await nutritionistOf(path.userId);
  return toPublicProfile(user.Id, user.DisplayName, profile);
});
