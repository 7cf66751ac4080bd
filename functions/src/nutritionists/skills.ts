/** Nutritionists' specialization areas: the Skill tags of the one tag catalog (content/tags-repo.ts). */
import type { UserSkill } from '@nutri/shared';
import { getTags } from '../content';
import type { HeldSkill } from './public-profiles-repo';

/** Skill names by tag id for every skill held; a tag deleted or of another kind is left out. */
export const skillNamesById = async (held: readonly HeldSkill[]): Promise<Map<number, string>> => {
  const tags = await getTags(held.map((skill) => skill.TagId));
  return new Map(tags.filter((tag) => tag.Kind === 'Skill').map((tag) => [tag.TagId, tag.TagName]));
};

export const toUserSkills = (held: readonly HeldSkill[], names: ReadonlyMap<number, string>): UserSkill[] =>
  held.flatMap((skill) => {
    const name = names.get(skill.TagId);
    return name === undefined ? [] : [{ UserSkillId: skill.UserSkillId, Skill: { Name: name } }];
  });

/** The ids among `tagIds` that are not Skill tags (unknown, or a content tag). */
export const unknownSkillTagIds = async (tagIds: readonly number[]): Promise<number[]> => {
  const skills = new Set(
    (await getTags(tagIds)).filter((tag) => tag.Kind === 'Skill').map((tag) => tag.TagId),
  );
  return [...new Set(tagIds)].filter((id) => !skills.has(id));
};
