/**
 * The one schema of a numeric id in a request path (bookings, reminders, availability intervals, billing
 * profiles, contents, tags, galleries, …): 1 to 9 decimal digits and nothing else. `z.coerce.number()`
 * would take "0x10" as 16, "1e1" as 10, " 12" as 12 and "" as 0; here each is a 400 with an Italian message.
 * A blank id reads 'Missing parameter: id' (docs/product.md#errors).
 */
import * as z from 'zod';
import { errorTexts, validationTexts } from '@nutri/shared';

/** Ids are counters well below a billion; more digits are a typo or a probe. */
const MAX_ID_DIGITS = 9;

export const pathId = z
  .string({ error: errorTexts.missingId })
  .min(1, { error: errorTexts.missingId, abort: true })
  // No leading zero: an id has one spelling. Aborts, so a refinement of the number never sees a non-id.
  .regex(new RegExp(`^[1-9]\\d{0,${MAX_ID_DIGITS - 1}}$`), {
    error: validationTexts.invalidValue,
    abort: true,
  })
  .transform(Number);

/** The path of a route with one `{id}`. */
export const idPath = z.object({ id: pathId });
