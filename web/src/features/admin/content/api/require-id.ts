/** Generic helpers need the id of the item they work on (docs/product.md#errors: 'Missing parameter: id'). */
import { errorTexts } from '../../../../lib/shared-values';

export const requireId = (id: string | number | null | undefined): string | number => {
  if (id === undefined || id === null || id === '' || (typeof id === 'number' && !Number.isFinite(id))) {
    throw new Error(errorTexts.missingId);
  }
  return id;
};
