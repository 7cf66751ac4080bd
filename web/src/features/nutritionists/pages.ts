/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { NutritionistProfilePage } from './pages/nutritionist-profile-page';
export { NutritionistsPage } from './pages/nutritionists-page';
