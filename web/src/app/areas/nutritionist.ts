/** Nutritionist area chunk (/AreaNutritionists...). */
import '../../styles/all';
export { NutritionistHomePage } from '../../features/nutritionist/pages/nutritionist-home-page';
