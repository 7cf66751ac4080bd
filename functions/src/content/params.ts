/** Path parameters of the content area. */
import * as z from 'zod';
import { errorTexts, validationTexts } from '@nutri/shared';

/** A numeric id (ContentId, TagId, GalleryId); a blank one reads 'Missing parameter: id' (docs/product.md#errors). */
export const numericId = z
  .string({ error: errorTexts.missingId })
  .trim()
  .min(1, { error: errorTexts.missingId, abort: true })
  .regex(/^\d{1,9}$/, { error: validationTexts.invalidValue })
  .transform(Number)
  .pipe(z.number().int().positive({ error: validationTexts.invalidValue }));

export const idPath = z.object({ id: numericId });
