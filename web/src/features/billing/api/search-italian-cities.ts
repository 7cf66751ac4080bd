/**
 * GET /api/v2/ItalianCities?Name=…&ProvinciaAbbreviation=…&limit=10: the municipalities whose name
 * starts with what was typed (from 2 letters; accents and apostrophes ignored by the server).
 */
import { italianCityListSchema, type ItalianCity } from '@nutri/shared';
import { api } from '../../../api/client';
import { CITY_SEARCH_MIN_CHARS, PAGE_SIZE } from '../../../lib/shared-values';

export const searchItalianCities = async (
  name: string,
  options: { provincia?: string; signal?: AbortSignal } = {},
): Promise<ItalianCity[]> =>
  italianCityListSchema.parse(
    await api.get('/ItalianCities', {
      query: { Name: name, ProvinciaAbbreviation: options.provincia, limit: PAGE_SIZE.pickers },
      ...(options.signal ? { signal: options.signal } : {}),
    }),
  ).Data;

/** Whether a text is long enough to search (the server counts letters and digits only). */
export const canSearchCities = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]/g, '').length >= CITY_SEARCH_MIN_CHARS;
