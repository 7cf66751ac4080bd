/**
 * What the early route script (src/app/early, built on its own before the app) reads of this feature: plain
 * values only, no component or style, so the script stays small.
 */
export {
  listPageFrom,
  publicNutritionistByUrlKey,
  publicNutritionistsKey,
  visitSeed,
} from './api/public-nutritionist-keys';
export { NUTRITIONIST_CARD_SIZES, NUTRITIONIST_PHOTO_SIZES } from './image-sizes';
