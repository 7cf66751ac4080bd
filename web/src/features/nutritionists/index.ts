/** What other features and the app use of this feature. */
export { useFeaturedReviews } from './api/get-featured-reviews';
export { getPublicNutritionistByUrl } from './api/get-public-nutritionist';
export { listPublicNutritionists } from './api/list-public-nutritionists';
export {
  adoptVisitSeed,
  listPageFrom,
  publicNutritionistByUrlKey,
  publicNutritionistsKey,
  visitSeed,
} from './api/public-nutritionist-keys';
