/**
 * The nutritionists the matching may choose from: every public profile, with its skills by name, gender
 * and load. Introductory availability is read from CalendarSlotsAvailable until the availability
 * calendar (bookings issue) counts real slots in the next 7 days.
 */
import { listPublicProfiles, skillNamesById } from '../nutritionists';
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

// Count a patient joining (+1) or leaving (-1) a nutritionist (the nutritionists area owns the count).
export { adjustActivePatients } from '../nutritionists';
