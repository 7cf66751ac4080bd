/** The `limit` of a back-office list page, with the Italian messages its 400 answers. */
import * as z from 'zod';

export const pageLimitSchema = (defaultLimit = 25, max = 100) =>
  z.coerce
    .number({ error: 'Il numero di righe deve essere un numero.' })
    .int('Il numero di righe deve essere intero.')
    .min(1, 'Almeno una riga.')
    .max(max, `Al massimo ${max} righe.`)
    .default(defaultLimit);
