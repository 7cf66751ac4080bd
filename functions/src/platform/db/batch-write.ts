/**
 * Puts or deletes many items with BatchWriteItem (25 per call, a few calls at a time), unprocessed ones asked again
 * with a growing pause, bounded: for migrations, backfills and benchmark seeds, never for a change that
 * needs a condition or must commit with others (those are transactions).
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

const BATCH_WRITE_LIMIT = 25;
const MAX_ATTEMPTS = 9;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const writeChunk = async (requests: readonly Record<string, unknown>[]) => {
  let pending: Record<string, unknown>[] = [...requests];
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt >= MAX_ATTEMPTS) throw new Error('BatchWriteItem: requests left unprocessed');
    if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 2000));
    const { UnprocessedItems } = await db().send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
    );
    pending = UnprocessedItems?.[tableName()] ?? [];
  }
};

const writeAll = async (requests: readonly Record<string, unknown>[], concurrency: number) => {
  const chunks: Record<string, unknown>[][] = [];
  for (let start = 0; start < requests.length; start += BATCH_WRITE_LIMIT)
    chunks.push(requests.slice(start, start + BATCH_WRITE_LIMIT));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await writeChunk(chunks[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
};

// Put every item (unconditionally), `concurrency` calls at a time.
export const putAll = (items: readonly Record<string, unknown>[], concurrency = 4) =>
  writeAll(
    items.map((Item) => ({ PutRequest: { Item } })),
    concurrency,
  );

// Delete every item by its key (unconditionally), `concurrency` calls at a time (e.g. an erased user's chat).
export const deleteAll = (keys: readonly { pk: unknown; sk: unknown }[], concurrency = 4) =>
  writeAll(
    keys.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })),
    concurrency,
  );
