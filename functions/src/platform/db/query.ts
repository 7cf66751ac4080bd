import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

/** Every item of a Query, page after page (for jobs and fan-outs; request paths page with a cursor instead). */
export async function* queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>) {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: startKey }),
    );
    yield* page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/**
 * One page of a Query for a request path: at most `limit` items from `cursor` on. With a FilterExpression
 * DynamoDB applies `Limit` before filtering, so this reads on until the page is full, the partition ends
 * or `maxReads` reads were made (then the page is short but `next` still points further). When the last
 * read brings more matches than the page needs, `next` is rebuilt from the last item kept, which is
 * why callers name the key attributes of the table or index they query.
 */
export const queryPage = async (
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>,
  options: {
    limit: number;
    cursor: Record<string, unknown> | undefined;
    keyAttributes: readonly string[];
    maxReads?: number;
  },
): Promise<{ items: Record<string, unknown>[]; next: Record<string, unknown> | undefined }> => {
  const items: Record<string, unknown>[] = [];
  let startKey = options.cursor;
  const filtered = input.FilterExpression !== undefined;
  for (let read = 0; read < (options.maxReads ?? 10); read += 1) {
    const wanted = options.limit - items.length;
    const page = await db().send(
      new QueryCommand({
        ...input,
        TableName: tableName(),
        ExclusiveStartKey: startKey,
        // Filtered reads fetch a little ahead, so a selective filter needs fewer round trips.
        Limit: filtered ? Math.max(wanted, 25) : wanted,
      }),
    );
    const found = page.Items ?? [];
    if (found.length > wanted) {
      items.push(...found.slice(0, wanted));
      const last = items[items.length - 1]!;
      return {
        items,
        next: Object.fromEntries(options.keyAttributes.map((name) => [name, last[name]])),
      };
    }
    items.push(...found);
    startKey = page.LastEvaluatedKey;
    if (!startKey || items.length >= options.limit) return { items, next: startKey };
  }
  return { items, next: startKey };
};

/**
 * How many items a Query selects (key range and filter), read as counts only, page after page: for the
 * figures of a sparse index partition (the admin home), never for lists.
 */
export const countQuery = async (
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Select' | 'Limit'>,
): Promise<number> => {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ ...input, TableName: tableName(), Select: 'COUNT', ExclusiveStartKey: startKey }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
};
