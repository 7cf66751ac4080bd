/**
 * The back office's patient search (docs/product.md#patient-search): every patient by the start of any
 * word of the name, of the e-mail, of the phone number or of the codice fiscale, without a Scan. One item
 * per searchable value, in a partition per field, written in the same transaction as the change of that
 * value (user created, renamed, new phone, new e-mail; billing profile saved), so the index never lags.
 * - Search entry `PATIENTSEARCH#<NAME|EMAIL|PHONE|CF>` / `<value>#<userId>`: UserId (and the name's
 *   NameWords, so a search of several words checks the others on the item read).
 * Access patterns: a prefix of one field (Query `begins_with(sk, prefix)` on its partition); the users
 * found are read by patient-search.ts (BatchGet on the user key, patients only). One partition per field holds an item per patient and
 * value (tens of thousands at most); shard it by the first character should it ever grow past that.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_NAME_WORDS, nameWords } from '@nutri/shared';
import { db, tableName } from '../platform/db/client';
import type { TransactItem } from '../platform/db/transact';

export type PatientSearchField = 'NAME' | 'EMAIL' | 'PHONE' | 'CF';
const partition = (field: PatientSearchField) => `PATIENTSEARCH#${field}`;

/** The digits of a phone number, with and without the Italian prefix (+39 333… is found by 333…). */
export const phoneSearchValues = (phone: string | null | undefined) => {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return [];
  return digits.startsWith('39') && digits.length > 10 ? [digits, digits.slice(2)] : [digits];
};

export const normalizedCodiceFiscale = (value: string) => value.replace(/\s/g, '').toUpperCase();

/** The account fields a patient is found by. */
export interface Searchable {
  Id: string;
  DisplayName: string;
  Email: string;
  MobilePhoneNo: string | null;
}

const entry = (
  field: PatientSearchField,
  value: string,
  userId: string,
  extra: Record<string, unknown> = {},
) => ({
  pk: partition(field),
  sk: `${value}#${userId}`,
  type: 'PatientSearchEntry',
  UserId: userId,
  ...extra,
});

/** Every search entry of a patient's account fields (the codice fiscale comes with the billing profile). */
export const patientSearchItems = (user: Searchable) => {
  const words = nameWords(user.DisplayName).slice(0, MAX_NAME_WORDS);
  return [
    ...words.map((word) => entry('NAME', word, user.Id, { NameWords: words })),
    entry('EMAIL', user.Email.trim().toLowerCase(), user.Id),
    ...phoneSearchValues(user.MobilePhoneNo).map((digits) => entry('PHONE', digits, user.Id)),
  ];
};

/**
 * The writes that bring a patient's entries from `before` to `after` (null: none), for the transaction of
 * the change: entries no longer true deleted, the others put.
 */
export const patientSearchWrites = (before: Searchable | null, after: Searchable | null): TransactItem[] => {
  const next = after ? patientSearchItems(after) : [];
  const kept = new Set(next.map((item) => `${item.pk}|${item.sk}`));
  const stale = (before ? patientSearchItems(before) : []).filter(
    (item) => !kept.has(`${item.pk}|${item.sk}`),
  );
  return [
    ...stale.map((item) => ({ Delete: { TableName: tableName(), Key: { pk: item.pk, sk: item.sk } } })),
    ...next.map((Item) => ({ Put: { TableName: tableName(), Item } })),
  ];
};

/** The writes that move a user's codice fiscale entry from `before` to `after`, for the billing profile's transaction. */
export const codiceFiscaleSearchWrites = (
  userId: string,
  before: string | null,
  after: string | null,
): TransactItem[] => {
  const from = before ? normalizedCodiceFiscale(before) : null;
  const to = after ? normalizedCodiceFiscale(after) : null;
  if (from === to) return to ? [{ Put: { TableName: tableName(), Item: entry('CF', to, userId) } }] : [];
  return [
    ...(from
      ? [{ Delete: { TableName: tableName(), Key: { pk: partition('CF'), sk: `${from}#${userId}` } } }]
      : []),
    ...(to ? [{ Put: { TableName: tableName(), Item: entry('CF', to, userId) } }] : []),
  ];
};

/** The codice fiscale's search entry of a user (the backfill writes it from the active billing profile). */
export const codiceFiscaleSearchItem = (userId: string, codiceFiscale: string) =>
  entry('CF', normalizedCodiceFiscale(codiceFiscale), userId);

/** Entries read per field and search: a page of matches and the users' other words to check. */
export const READ_LIMIT = 60;

// A prefix of one field (Query on its partition), at most READ_LIMIT entries.
export const entriesWithPrefix = async (field: PatientSearchField, prefix: string) => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partition(field), ':prefix': prefix },
      Limit: READ_LIMIT,
    }),
  );
  return Items ?? [];
};
