/** What other features and the app use of this feature. */
export { useFeaturedReviews } from './api/get-featured-reviews';
export { getPublicNutritionistByUrl } from './api/get-public-nutritionist';
export { listPublicNutritionists } from './api/list-public-nutritionists';
export {
  listPageFrom,
  publicNutritionistByUrlKey,
  publicNutritionistsKey,
  visitSeed,
} from './api/public-nutritionist-keys';
export { NUTRITIONIST_CARD_SIZES, NUTRITIONIST_PHOTO_SIZES } from './image-sizes';
