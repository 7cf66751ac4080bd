/** What other areas use of this area. */
export { toPublicNutritionist } from './profile-view';
export {
  getNutritionistProfile,
  getNutritionistProfiles,
  listPublicProfiles,
  listPublicProfileUrls,
  adjustActivePatients,
  setCalendarSlotsAvailable,
  newNutritionistProfileItem,
  saveNutritionistProfile,
  type NutritionistProfile,
} from './public-profiles-repo';
export { skillNamesById } from './skills';
export { reviewFactOfItem } from './dashboard-facts';
