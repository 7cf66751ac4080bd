/**
 * ItalianCities (docs/product.md#api and #limits): current municipalities whose name starts with what was typed
 * (from 2 letters, accents and punctuation ignored), optionally in one province, at most 10; one by id.
 */
import { italianCitiesQuerySchema } from '@nutri/shared';
import * as z from 'zod';
import { notFound } from '../http/errors';
import { defineOperation } from '../http/operation';
import { getComune, searchComuni } from './comuni-repo';

export const searchItalianCities = defineOperation(
  'signedIn',
  { query: italianCitiesQuerySchema },
  async ({ query }) => {
    const data = await searchComuni(query.Name, query.ProvinciaAbbreviation, query.limit);
    return { Data: data, Count: data.length, NextCursor: null };
  },
);

/** By id (the Belfiore code), also for a municipality no longer current: old profiles still name it. */
export const getItalianCity = defineOperation(
  'signedIn',
  {
    path: z.object({
      id: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]\d{3}$/),
    }),
  },
  async ({ path }) => {
    const comune = await getComune(path.id);
    if (!comune) throw notFound('Comune non trovato.');
    return {
      ComuneId: comune.ComuneId,
      Name: comune.Name,
      ProvinciaAbbreviation: comune.ProvinciaAbbreviation,
    };
  },
);
