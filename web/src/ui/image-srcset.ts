/** The `srcset` of an image served in the asset pipeline's three widths (docs/product.md#limits: 400, 800, 1200). */
import { IMAGE_WIDTHS } from '../lib/shared-values';

/** `{ 400: url, 800: url, 1200: url }` (ImageFilePath of content, profiles and gallery images). */
export type ImageUrlSet = Readonly<Record<'400' | '800' | '1200', string>>;

export const srcSetOf = (urls: ImageUrlSet) =>
  IMAGE_WIDTHS.map((width) => `${urls[String(width) as keyof ImageUrlSet]} ${width}w`).join(', ');
