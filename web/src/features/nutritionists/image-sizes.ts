/** The `sizes` of the nutritionists' photos: on the list's cards and on a profile. */
export const NUTRITIONIST_CARD_SIZES =
  '(min-width: 75em) 270px, (min-width: 62em) 33vw, (min-width: 36em) 50vw, 100vw';
export const NUTRITIONIST_PHOTO_SIZES = '(min-width: 62em) 360px, (min-width: 48em) 40vw, 100vw';
