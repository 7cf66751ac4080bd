/**
 * BatchGetItem for any number of keys of the table: chunks of 100 (DynamoDB's limit per call), keys asked
 * once each, and the keys DynamoDB leaves unprocessed (throttling, or a response over 16 MB) asked again
 * with a growing, jittered pause, a bounded number of times. See docs/decisions/ for the figures.
 */
import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

export type TableKey = { pk: string; sk: string };

/** DynamoDB's limit of keys per BatchGetItem call. */
export const BATCH_GET_LIMIT = 100;
/** Calls per chunk before giving up on keys still unprocessed (the first call included). */
export const BATCH_GET_MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 20;
const MAX_DELAY_MS = 1000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Full jitter: up to `BASE_DELAY_MS * 2^retry`, capped, so retrying callers spread out. */
const backoff = (retry: number) => Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** retry);

const chunkOf = async (
  keys: TableKey[],
  projection: { ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> },
  consistentRead: boolean,
) => {
  const items: Record<string, unknown>[] = [];
  let pending: Record<string, unknown>[] | undefined = keys;
  for (let attempt = 0; pending?.length; attempt += 1) {
    if (attempt === BATCH_GET_MAX_ATTEMPTS)
      throw new Error(`BatchGet left ${pending.length} keys unprocessed after ${attempt} attempts`);
    if (attempt > 0) await pause(backoff(attempt));
    const page: BatchGetCommandOutput = await db().send(
      new BatchGetCommand({
        RequestItems: {
          [tableName()]: { Keys: pending, ConsistentRead: consistentRead, ...projection },
        },
      }),
    );
    items.push(...(page.Responses?.[tableName()] ?? []));
    pending = page.UnprocessedKeys?.[tableName()]?.Keys;
  }
  return items;
};

/**
 * The items of the table at `keys`, in no particular order; keys without an item are left out, a key given
 * twice is read once. `attributes` projects the items (names only, each escaped, so reserved words are fine).
 * Throws when keys are still unprocessed after BATCH_GET_MAX_ATTEMPTS calls, rather than answering short.
 */
export const batchGet = async (
  keys: readonly TableKey[],
  options: { attributes?: readonly string[]; consistentRead?: boolean } = {},
): Promise<Record<string, unknown>[]> => {
  const unique = [...new Map(keys.map((key) => [JSON.stringify([key.pk, key.sk]), key])).values()];
  const projection = options.attributes?.length
    ? {
        ProjectionExpression: options.attributes.map((_, index) => `#a${index}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(
          options.attributes.map((name, index) => [`#a${index}`, name]),
        ),
      }
    : {};
  const chunks: TableKey[][] = [];
  for (let start = 0; start < unique.length; start += BATCH_GET_LIMIT)
    chunks.push(unique.slice(start, start + BATCH_GET_LIMIT));
  const pages = await Promise.all(
    chunks.map((chunk) => chunkOf(chunk, projection, options.consistentRead ?? false)),
  );
  return pages.flat();
};
