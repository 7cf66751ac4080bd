/** Nutritionist area chunk (/AreaNutritionists...). */
export { NutritionistHomePage } from '../../features/nutritionist/pages/nutritionist-home-page';
