/**
 * `GET Patients/Search` (docs/product.md#patient-search), BusinessAdmin: every patient by name words,
 * e-mail, phone or codice fiscale prefix, from the search entries of patient-search-repo.ts; it feeds every
 * back-office patient picker.
 */
import { matchesAllWords, nameWords, patientSearchQuerySchema, type AdminPatientRef } from '@nutri/shared';
import { defineOperation } from '../http/operation';
import { batchGet } from '../platform/db/batch-get';
import { entriesWithPrefix, normalizedCodiceFiscale, READ_LIMIT } from './patient-search-repo';
import { userKey } from './users-repo';

/**
 * Patients whose name words, e-mail, phone or codice fiscale start with what was typed, at most `limit`:
 * name matches first (every typed word must start a word of the name), then e-mail, phone and codice
 * fiscale; each field is one Query, all at once, then one BatchGet of the users (patients only).
 */
export const searchAllPatients = async (input: string, limit: number): Promise<AdminPatientRef[]> => {
  const typed = input.trim();
  if (!typed) return [];
  const words = nameWords(typed);
  const longest = [...words].sort((a, b) => b.length - a.length)[0];
  const compact = typed.replace(/[\s().-]/g, '');
  const digits = compact.replace(/^\+/, '');
  const reads: Promise<string[]>[] = [];
  if (longest)
    reads.push(
      entriesWithPrefix('NAME', longest).then((items) =>
        items
          .filter((item) => matchesAllWords(words, (item.NameWords as string[] | undefined) ?? []))
          .map((item) => String(item.UserId)),
      ),
    );
  if (!/\s/.test(typed))
    reads.push(
      entriesWithPrefix('EMAIL', typed.toLowerCase()).then((items) =>
        items.map((item) => String(item.UserId)),
      ),
    );
  if (/^\d{3,}$/.test(digits))
    reads.push(entriesWithPrefix('PHONE', digits).then((items) => items.map((item) => String(item.UserId))));
  if (/^[a-z0-9]{3,16}$/i.test(compact) && !/^\d+$/.test(compact))
    reads.push(
      entriesWithPrefix('CF', normalizedCodiceFiscale(compact)).then((items) =>
        items.map((item) => String(item.UserId)),
      ),
    );
  const ids = [...new Set((await Promise.all(reads)).flat())];
  if (!ids.length) return [];
  const users = new Map(
    (
      await batchGet(ids.slice(0, READ_LIMIT).map(userKey), {
        attributes: ['Id', 'DisplayName', 'Email', 'MobilePhoneNo', 'roles'],
      })
    ).map((item) => [String(item.Id), item]),
  );
  const found: AdminPatientRef[] = [];
  for (const id of ids) {
    const user = users.get(id);
    if (!user || !(user.roles as string[] | undefined)?.includes('Patient')) continue;
    found.push({
      UserId: id,
      DisplayName: String(user.DisplayName),
      Email: typeof user.Email === 'string' ? user.Email : null,
      MobilePhoneNo: typeof user.MobilePhoneNo === 'string' ? user.MobilePhoneNo : null,
    });
    if (found.length >= limit) break;
  }
  return found;
};

export const searchPatients = defineOperation(
  ['BusinessAdmin'],
  { query: patientSearchQuerySchema },
  async ({ query }) => {
    const Data = await searchAllPatients(query.userInput, query.limit);
    return { Data, Count: Data.length, NextCursor: null };
  },
);
