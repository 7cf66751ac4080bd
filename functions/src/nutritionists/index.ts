/** What other areas use of this area. */
export { getUserNames } from './nutritionist-users';
export { toPublicNutritionist } from './profile-view';
export {
  getNutritionistProfile,
  getNutritionistProfiles,
  listPublicProfiles,
  listPublicProfileUrls,
  nutritionistProfileKey,
  setCalendarSlotsAvailable,
} from './public-profiles-repo';
export { skillNamesById } from './skills';
