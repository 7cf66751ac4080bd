/**
 * Italian municipalities (docs/product.md#data: Italian city), loaded from the dataset package by
 * load-comuni.ts, never typed by hand. Reference data, read-only on request paths, so it is stored in
 * 33 buckets instead of one item per municipality (~10,000): DynamoDB Local writes an item in 7-12 ms
 * whatever its size, and the local stack loads the whole list at every fresh start.
 * - Search bucket `COMUNI#SEARCH#<first character of the key>` / `BUCKET`: the current municipalities
 *   whose search key (shared `comuneSearchKey`: lower case, no accents, letters and digits only) starts
 *   with it, sorted by key, as `key|ComuneId|Name|Provincia` strings (the largest, "c", ~1,100 and 52 KB).
 * - Id bucket `COMUNI#CODE#<first letter of the Belfiore code>` / `BUCKET`: every municipality the dataset
 *   knows, current or not (a profile saved years ago still shows its comune), as
 *   `ComuneId|Name|Provincia|1 or 0 (current)` strings (at most ~1,000, 25 KB).
 * - Dataset marker `DATASET#comuni` / `VERSION`: the version (content hash) loaded last and its buckets.
 * Access patterns: search by name prefix, optionally in one province (GetItem of one search bucket, then
 * prefix and province filtered in memory, already in order); get by id (GetItem of one id bucket);
 * load a version (BatchWriteItem, stale buckets deleted); read and write the marker.
 */
import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { comuneSearchKey, type ItalianCity } from '@nutri/shared';
import { db, tableName } from '../platform/db/client';

export interface ComuneRecord extends ItalianCity {
  /** Valid today (in the version loaded last); false for municipalities merged or renamed away. */
  IsCurrent: boolean;
}

const BUCKET_SK = 'BUCKET';
/** The search bucket of a search key: its first character. */
export const searchBucketKey = (key: string) => ({ pk: `COMUNI#SEARCH#${key.slice(0, 1)}`, sk: BUCKET_SK });
/** The id bucket of a Belfiore code: its letter. */
export const idBucketKey = (comuneId: string) => ({
  pk: `COMUNI#CODE#${comuneId.slice(0, 1)}`,
  sk: BUCKET_SK,
});
const MARKER_KEY = { pk: 'DATASET#comuni', sk: 'VERSION' };
/** DynamoDB's BatchWriteItem takes at most 25 requests. */
const BATCH_SIZE = 25;

const SEPARATOR = '|';

/** The search bucket items of the current municipalities, each sorted by key (then code). */
export const searchBucketItems = (current: readonly ItalianCity[], version: string) => {
  const buckets = new Map<string, { key: string; city: ItalianCity }[]>();
  for (const city of current) {
    const key = comuneSearchKey(city.Name);
    const pk = searchBucketKey(key).pk;
    const bucket = buckets.get(pk) ?? [];
    bucket.push({ key, city });
    buckets.set(pk, bucket);
  }
  // By key, so "Forlì" comes before "Forlì del Sannio"; homonyms by code.
  const order = (a: { key: string; city: ItalianCity }, b: { key: string; city: ItalianCity }) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.city.ComuneId < b.city.ComuneId ? -1 : 1;
  return [...buckets].map(([pk, entries]) => ({
    pk,
    sk: BUCKET_SK,
    type: 'ComuniSearchBucket',
    DatasetVersion: version,
    Comuni: entries
      .sort(order)
      .map(({ key, city }) => [key, city.ComuneId, city.Name, city.ProvinciaAbbreviation].join(SEPARATOR)),
  }));
};

/** The id bucket items of every municipality, current or not. */
export const idBucketItems = (all: readonly ComuneRecord[], version: string) => {
  const buckets = new Map<string, string[]>();
  for (const city of all) {
    const entry = [city.ComuneId, city.Name, city.ProvinciaAbbreviation, city.IsCurrent ? '1' : '0'].join(
      SEPARATOR,
    );
    const key = idBucketKey(city.ComuneId).pk;
    const bucket = buckets.get(key) ?? [];
    bucket.push(entry);
    buckets.set(key, bucket);
  }
  return [...buckets].map(([pk, entries]) => ({
    pk,
    sk: BUCKET_SK,
    type: 'ComuniIdBucket',
    DatasetVersion: version,
    Comuni: entries.sort(),
  }));
};

const bucketEntries = async (key: { pk: string; sk: string }) => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
  return Array.isArray(Item?.Comuni) ? (Item.Comuni as unknown[]).map(String) : [];
};

// Current municipalities whose name starts with `name` (by search key), optionally in one province, in
// key order: one search bucket. The key has at least 2 characters (the query schema checks it).
export const searchComuni = async (
  name: string,
  province: string | undefined,
  limit: number,
): Promise<ItalianCity[]> => {
  const prefix = comuneSearchKey(name);
  const found: ItalianCity[] = [];
  for (const entry of await bucketEntries(searchBucketKey(prefix))) {
    const [key = '', ComuneId = '', Name = '', ProvinciaAbbreviation = ''] = entry.split(SEPARATOR);
    if (!key.startsWith(prefix) || (province && ProvinciaAbbreviation !== province)) continue;
    found.push({ ComuneId, Name, ProvinciaAbbreviation });
    if (found.length >= limit) break;
  }
  return found;
};

// Get a municipality by id (its Belfiore code), current or not: one id bucket.
export const getComune = async (comuneId: string): Promise<ComuneRecord | null> => {
  const wanted = `${comuneId}${SEPARATOR}`;
  const entry = (await bucketEntries(idBucketKey(comuneId))).find((candidate) =>
    candidate.startsWith(wanted),
  );
  if (!entry) return null;
  const [ComuneId = '', Name = '', ProvinciaAbbreviation = '', current] = entry.split(SEPARATOR);
  return { ComuneId, Name, ProvinciaAbbreviation, IsCurrent: current === '1' };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One BatchWriteItem with its unprocessed requests retried (throttling), backing off a little each time. */
const writeBatch = async (requests: Record<string, unknown>[]) => {
  let pending = requests;
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 8) throw new Error('BatchWriteItem: requests left unprocessed after 8 retries');
    if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 2000));
    const { UnprocessedItems } = await db().send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
    );
    pending = UnprocessedItems?.[tableName()] ?? [];
  }
};

/**
 * Writes the buckets and deletes the stale ones with BatchWriteItem (25 requests per call, a few calls
 * at a time). A search bucket can reach ~52 KB, so 25 of them stay well under the 16 MB a call takes.
 * `previousBuckets`: the buckets the marker lists from the last load; those not written again are stale
 * (a prefix no current municipality starts with any more would otherwise keep answering searches).
 * Returns the buckets now in the table, for the marker.
 */
export const writeBuckets = async (
  items: readonly { pk: string }[],
  previousBuckets: readonly string[],
  concurrency = 4,
): Promise<string[]> => {
  const written = new Set(items.map((item) => item.pk));
  const staleKeys = previousBuckets.filter((pk) => !written.has(pk)).map((pk) => ({ pk, sk: BUCKET_SK }));
  const requests = [
    ...items.map((Item) => ({ PutRequest: { Item } })),
    ...staleKeys.map((Key) => ({ DeleteRequest: { Key } })),
  ];
  const batches: Record<string, unknown>[][] = [];
  for (let index = 0; index < requests.length; index += BATCH_SIZE)
    batches.push(requests.slice(index, index + BATCH_SIZE));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next]!;
      next += 1;
      await writeBatch(batch);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
  return [...written];
};

export interface ComuniMarker {
  Version: string;
  Source: string;
  /** Current municipalities in that version. */
  Count: number;
  LoadedAt: string;
  /** Partition keys of the buckets that version wrote, so a later one deletes those it no longer has. */
  Buckets: string[];
}

// The dataset version loaded last (marker item).
export const getComuniMarker = async (): Promise<ComuniMarker | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: MARKER_KEY, ConsistentRead: true }),
  );
  if (!Item) return null;
  return {
    Version: String(Item.Version),
    Source: String(Item.Source),
    Count: Number(Item.Count),
    LoadedAt: String(Item.LoadedAt),
    Buckets: Array.isArray(Item.Buckets) ? (Item.Buckets as unknown[]).map(String) : [],
  };
};

// Record the version just loaded (written last, so a load cut short runs again).
export const putComuniMarker = async (marker: ComuniMarker) => {
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...MARKER_KEY, type: 'DatasetMarker', ...marker } }),
  );
};
