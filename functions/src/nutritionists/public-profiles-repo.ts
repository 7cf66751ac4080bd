/**
 * Nutritionist profiles. Item `USER#<userId>` / `NUTRITIONIST`, beside the user's `PROFILE` item: the
 * professional data the public pages show, plus what matching reads (skills, gender, active patients,
 * calendar slots). The display name is not copied here: the user item is its only source.
 * A public profile also carries `gsi1pk = NUTRITIONISTS#PUBLIC` / `gsi1sk = <userId>` (a sparse index:
 * the attributes are removed when the profile is hidden), so the public list and the sitemap are one Query.
 * The friendly URL is unique: guard item `PROFILEURL#<url>` / `UNIQUE`, moved in the profile's transaction.
 * Skills are Skill tags (content/tags-repo.ts); each link added or removed changes the tag's UsageCount in
 * the same transaction, so a link never points at a missing tag and a tag in use cannot be deleted.
 * Access patterns:
 * - get a profile by user id (table key); get several (BatchGet);
 * - list every public profile, or only their friendly URLs (gsi1 `NUTRITIONISTS#PUBLIC`);
 * - count a patient joining or leaving (atomic ADD on ActivePatients);
 * - find a profile by friendly URL (guard item -> user id -> profile);
 * - create or update a profile, optimistically on `version`, moving the friendly-URL guard and counting
 *   skill links at once.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tagUsageChange } from '../content';
import { batchGet } from '../platform/db/batch-get';
import { db, tableName } from '../platform/db/client';
import { unlessConditionFails } from '../platform/db/conditional';
import { nextId } from '../platform/db/counter';
import { queryAll } from '../platform/db/query';
import { transactOrThrow, type NamedItem } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';
import { outboxPut } from '../platform/outbox';
import { publicPagesTopic } from '../platform/public-pages-topic';

export type Gender = 1 | 2;

/** A skill the nutritionist holds: the link's own id (UserSkillId of the API) and the Skill tag. */
export interface HeldSkill {
  UserSkillId: number;
  TagId: number;
}

export interface NutritionistProfile {
  UserId: string;
  ProfessionalTitle: string;
  /** `dottore` or `dottoressa`; empty until set. */
  PersonalTitle: string;
  /** Newline-separated paragraphs. */
  Bio: string;
  /** Newline-separated lines. */
  Training: string;
  ProfilePageUrl: string | null;
  Gender: Gender | null;
  IsPublic: boolean;
  /** In display order. */
  Skills: HeldSkill[];
  /** Key prefix of the photo renditions in the assets bucket (`<prefix>-<width>.webp`). */
  ImagePath: string | null;
  /** Whether the calendar offers introductory slots; false until availability exists. */
  CalendarSlotsAvailable: boolean;
  /** Patients currently followed: matching's load. Changed only by atomic ADD, never rewritten. */
  ActivePatients: number;
  /** May connect the Google calendar (docs/product.md#nutritionist-accounts). */
  IsCalendarPartner: boolean;
  /** Deactivated by a BusinessAdmin: never public, never matched; history kept. */
  Deactivated: boolean;
  DeactivatedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Optimistic-concurrency counter of admin edits. */
  version: number;
}

export const PUBLIC_PROFILES_PARTITION = 'NUTRITIONISTS#PUBLIC';

export const nutritionistProfileKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'NUTRITIONIST' });
const profileUrlKey = (url: string) => ({ pk: `PROFILEURL#${url.toLowerCase()}`, sk: 'UNIQUE' });

const toProfile = (item: Record<string, unknown>): NutritionistProfile => ({
  UserId: String(item.UserId),
  ProfessionalTitle: typeof item.ProfessionalTitle === 'string' ? item.ProfessionalTitle : '',
  PersonalTitle: typeof item.PersonalTitle === 'string' ? item.PersonalTitle : '',
  Bio: typeof item.Bio === 'string' ? item.Bio : '',
  Training: typeof item.Training === 'string' ? item.Training : '',
  ProfilePageUrl: typeof item.ProfilePageUrl === 'string' ? item.ProfilePageUrl : null,
  Gender: item.Gender === 1 || item.Gender === 2 ? item.Gender : null,
  IsPublic: item.IsPublic === true,
  Skills: Array.isArray(item.Skills)
    ? (item.Skills as Record<string, unknown>[]).map((skill) => ({
        UserSkillId: Number(skill.UserSkillId),
        TagId: Number(skill.TagId),
      }))
    : [],
  ImagePath: typeof item.ImagePath === 'string' ? item.ImagePath : null,
  CalendarSlotsAvailable: item.CalendarSlotsAvailable === true,
  ActivePatients: Number(item.ActivePatients ?? 0),
  IsCalendarPartner: item.IsCalendarPartner === true,
  Deactivated: item.Deactivated === true,
  DeactivatedAt: typeof item.DeactivatedAt === 'string' ? item.DeactivatedAt : null,
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
  version: Number(item.version ?? 0),
});

// List the friendly URL of every public profile (gsi1 `NUTRITIONISTS#PUBLIC`), for the sitemap.
export const listPublicProfileUrls = async (): Promise<string[]> => {
  const urls: string[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': PUBLIC_PROFILES_PARTITION },
    ProjectionExpression: 'ProfilePageUrl',
  })) {
    if (typeof item.ProfilePageUrl === 'string') urls.push(item.ProfilePageUrl);
  }
  return urls;
};

// List every public profile (gsi1 `NUTRITIONISTS#PUBLIC`, user-id order): the public list and matching.
export const listPublicProfiles = async (): Promise<NutritionistProfile[]> => {
  const profiles: NutritionistProfile[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': PUBLIC_PROFILES_PARTITION },
  })) {
    profiles.push(toProfile(item));
  }
  return profiles;
};

// Get a user's nutritionist profile (table key); null when none was ever saved.
export const getNutritionistProfile = async (userId: string): Promise<NutritionistProfile | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: nutritionistProfileKey(userId), ConsistentRead: true }),
  );
  return Item ? toProfile(Item) : null;
};

// Get the profiles of several users (BatchGet on the table key); users without one are left out.
export const getNutritionistProfiles = async (
  userIds: readonly string[],
): Promise<Map<string, NutritionistProfile>> => {
  const found = new Map<string, NutritionistProfile>();
  for (const item of await batchGet(userIds.map(nutritionistProfileKey))) {
    const profile = toProfile(item);
    found.set(profile.UserId, profile);
  }
  return found;
};

// Find the user whose profile has a friendly URL (guard item); the caller loads the profile.
export const findUserIdByProfileUrl = async (url: string): Promise<string | null> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: profileUrlKey(url) }));
  return typeof Item?.userId === 'string' ? Item.userId : null;
};

/**
 * Skills in the order asked, keeping the UserSkillId of those already held so clients that remember an
 * id keep pointing at the same link; new links get the next id of the `userskill` sequence.
 */
export const assignSkillIds = async (
  held: readonly HeldSkill[],
  tagIds: readonly number[],
): Promise<HeldSkill[]> => {
  const byTag = new Map(held.map((skill) => [skill.TagId, skill.UserSkillId]));
  const skills: HeldSkill[] = [];
  for (const tagId of [...new Set(tagIds)]) {
    skills.push({ TagId: tagId, UserSkillId: byTag.get(tagId) ?? (await nextId('userskill')) });
  }
  return skills;
};

export type ProfileChanges = Partial<
  Pick<
    NutritionistProfile,
    | 'ProfessionalTitle'
    | 'PersonalTitle'
    | 'Bio'
    | 'Training'
    | 'ProfilePageUrl'
    | 'Gender'
    | 'IsPublic'
    | 'Skills'
    | 'ImagePath'
    | 'IsCalendarPartner'
    | 'Deactivated'
    | 'DeactivatedAt'
  >
>;

const emptyProfile = (userId: string, now: string): NutritionistProfile => ({
  UserId: userId,
  ProfessionalTitle: '',
  PersonalTitle: '',
  Bio: '',
  Training: '',
  ProfilePageUrl: null,
  Gender: null,
  IsPublic: false,
  Skills: [],
  ImagePath: null,
  CalendarSlotsAvailable: false,
  ActivePatients: 0,
  IsCalendarPartner: false,
  Deactivated: false,
  DeactivatedAt: null,
  createdAt: now,
  updatedAt: now,
  version: 0,
});

/**
 * The profile item of a new nutritionist account, written with the user in one transaction (users-repo
 * createUser companions): not public until a BusinessAdmin completes and publishes it.
 */
export const newNutritionistProfileItem = (
  userId: string,
  fields: Pick<NutritionistProfile, 'ProfessionalTitle' | 'PersonalTitle' | 'Gender' | 'IsCalendarPartner'>,
  now: Date,
): Record<string, unknown> => ({
  ...nutritionistProfileKey(userId),
  type: 'NutritionistProfile',
  ...emptyProfile(userId, now.toISOString()),
  ...fields,
  version: 1,
});

/**
 * Create (current = null) or update a profile with the fields given. Only those fields are written, so
 * counters other areas keep on the item (ActivePatients, CalendarSlotsAvailable) are never overwritten;
 * `version` makes a concurrent admin edit fail with 409 instead of being lost.
 */
export const saveNutritionistProfile = async (
  userId: string,
  current: NutritionistProfile | null,
  changes: ProfileChanges,
  now: Date,
): Promise<NutritionistProfile> => {
  const base = current ?? emptyProfile(userId, now.toISOString());
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  const updated: NutritionistProfile = {
    ...base,
    ...Object.fromEntries(entries),
    updatedAt: now.toISOString(),
    version: base.version + 1,
  };

  const names: Record<string, string> = {
    '#updatedAt': 'updatedAt',
    '#version': 'version',
    '#type': 'type',
    '#UserId': 'UserId',
    '#createdAt': 'createdAt',
    '#slots': 'CalendarSlotsAvailable',
    '#patients': 'ActivePatients',
    '#gsi1pk': 'gsi1pk',
    '#gsi1sk': 'gsi1sk',
  };
  const values: Record<string, unknown> = {
    ':updatedAt': updated.updatedAt,
    ':version': updated.version,
    ':type': 'NutritionistProfile',
    ':userId': userId,
    ':createdAt': updated.createdAt,
    ':false': false,
    ':zero': 0,
  };
  const sets = [
    '#updatedAt = :updatedAt',
    '#version = :version',
    '#type = :type',
    '#UserId = :userId',
    '#createdAt = if_not_exists(#createdAt, :createdAt)',
    '#slots = if_not_exists(#slots, :false)',
    '#patients = if_not_exists(#patients, :zero)',
  ];
  entries.forEach(([field, value], index) => {
    names[`#f${index}`] = field;
    values[`:v${index}`] = value;
    sets.push(`#f${index} = :v${index}`);
  });
  let update = `SET ${sets.join(', ')}`;
  if (updated.IsPublic) {
    values[':gsi1pk'] = PUBLIC_PROFILES_PARTITION;
    values[':gsi1sk'] = userId;
    update += ', #gsi1pk = :gsi1pk, #gsi1sk = :gsi1sk';
  } else {
    update += ' REMOVE #gsi1pk, #gsi1sk';
  }
  if (current) values[':previous'] = current.version;

  const urlChanged =
    updated.ProfilePageUrl !== null && updated.ProfilePageUrl !== (current?.ProfilePageUrl ?? null);
  const oldUrl = current?.ProfilePageUrl ?? null;
  const heldBefore = new Set(base.Skills.map((skill) => skill.TagId));
  const heldAfter = new Set(updated.Skills.map((skill) => skill.TagId));

  // Each item names its failure, so a cancelled transaction says which condition failed.
  const changedMeanwhile = new DomainError('conflict');
  const items: NamedItem<DomainError>[] = [
    {
      failure: changedMeanwhile,
      item: {
        Update: {
          TableName: tableName(),
          Key: nutritionistProfileKey(userId),
          UpdateExpression: update,
          ConditionExpression: current ? '#version = :previous' : 'attribute_not_exists(pk)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
    },
  ];
  if (urlChanged && updated.ProfilePageUrl) {
    items.push({
      failure: new DomainError('profile-url-taken'),
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...profileUrlKey(updated.ProfilePageUrl), type: 'UniqueGuard', userId },
          // The user's own guard may exist (a case-only change): it is theirs to rewrite.
          ConditionExpression: 'attribute_not_exists(pk) OR userId = :me',
          ExpressionAttributeValues: { ':me': userId },
        },
      },
    });
    if (oldUrl && oldUrl.toLowerCase() !== updated.ProfilePageUrl.toLowerCase()) {
      items.push({ item: { Delete: { TableName: tableName(), Key: profileUrlKey(oldUrl) } } });
    }
  }
  // Skill links are counted on the tag (content/tags-repo.ts), so a skill in use cannot be deleted.
  const unknownSkill = new DomainError('unknown-skills');
  for (const tagId of heldAfter) {
    if (!heldBefore.has(tagId))
      items.push({ failure: unknownSkill, item: tagUsageChange(tagId, 1, 'Skill') });
  }
  for (const tagId of heldBefore) {
    if (!heldAfter.has(tagId))
      items.push({ failure: changedMeanwhile, item: tagUsageChange(tagId, -1, 'Skill') });
  }
  // A change of a public profile (or one made public or private) shows on its page and the list: the pages
  // are queued for prerendering in the same transaction (platform/public-pages-topic.ts).
  if (current?.IsPublic || updated.IsPublic) {
    const pages = [current, updated].flatMap((profile) =>
      profile?.IsPublic && profile.ProfilePageUrl ? [`/Nutritionists/${profile.ProfilePageUrl}`] : [],
    );
    items.push({ item: outboxPut(publicPagesTopic.entry({ paths: [...new Set(pages)] }, now)) });
  }
  await transactOrThrow(items, { contended: changedMeanwhile });
  return updated;
};

// Set whether the calendar offers slots (the bookings area keeps it in step with availability). Touches
// only that flag, and only on an existing profile: a nutritionist without one has nothing to show.
export const setCalendarSlotsAvailable = async (userId: string, available: boolean) => {
  await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: nutritionistProfileKey(userId),
        UpdateExpression: 'SET CalendarSlotsAvailable = :available',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':available': available },
      }),
    ),
  );
};

// Count a patient joining (+1) or leaving (-1) a nutritionist: an atomic ADD, so concurrent changes add up.
export const adjustActivePatients = async (nutritionistUserId: string, delta: 1 | -1) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: nutritionistProfileKey(nutritionistUserId),
      UpdateExpression: 'ADD ActivePatients :delta',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':delta': delta },
    }),
  );
};
