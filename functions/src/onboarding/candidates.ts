/**
 * The nutritionists the matching may choose from: every public profile, with its skills by name, gender
 * and load. Introductory availability is read from CalendarSlotsAvailable until the availability
 * calendar (bookings issue) counts real slots in the next 7 days.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listPublicProfiles, nutritionistProfileKey, skillNamesById } from '../nutritionists';
import { db, tableName } from '../platform/db/client';
import type { MatchCandidate } from './matching';

export const listMatchCandidates = async (): Promise<MatchCandidate[]> => {
  const profiles = await listPublicProfiles();
  const names = await skillNamesById(profiles.flatMap((profile) => profile.Skills));
  return profiles.map((profile) => ({
    userId: profile.UserId,
    gender: profile.Gender ?? 0,
    skills: profile.Skills.flatMap((held) => (names.has(held.TagId) ? [names.get(held.TagId)!] : [])),
    activePatients: profile.ActivePatients,
    introSlotsNext7Days: profile.CalendarSlotsAvailable ? 1 : 0,
  }));
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
