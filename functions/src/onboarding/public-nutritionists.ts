import type { PublicNutritionist } from '@nutri/shared';
import { getUserNames } from '../accounts';
import { toPublicNutritionist, getNutritionistProfiles, skillNamesById } from '../nutritionists';

/** The public view of the given nutritionists that are public, in the order asked. */
export const publicNutritionistsByIds = async (userIds: readonly string[]): Promise<PublicNutritionist[]> => {
  if (!userIds.length) return [];
  const profiles = [...(await getNutritionistProfiles(userIds)).values()].filter(
    (profile) => profile.IsPublic,
  );
  const [names, skills] = await Promise.all([
    getUserNames(profiles.map((profile) => profile.UserId)),
    skillNamesById(profiles.flatMap((profile) => profile.Skills)),
  ]);
  return userIds.flatMap((id) => {
    const profile = profiles.find((candidate) => candidate.UserId === id);
    const name = names.get(id);
    if (!profile || !name) return [];
    const skillNames = profile.Skills.flatMap((held) =>
      skills.has(held.TagId) ? [skills.get(held.TagId)!] : [],
    );
    return [toPublicNutritionist(profile, name.DisplayName, skillNames)];
  });
};
