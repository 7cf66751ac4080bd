import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

/** Adds `amount` to the sequence's counter (`COUNTER#<name>` / `COUNTER`) atomically; the new value. */
const advance = async (sequence: string, amount: number): Promise<number> => {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `COUNTER#${sequence}`, sk: 'COUNTER' },
      UpdateExpression: 'ADD #value :amount',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':amount': amount },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.value);
};

/**
 * Next value of a named sequence, for the numeric ids the API exposes (ContentId, TagId, ...). An atomic
 * ADD: concurrent callers never get the same number.
 */
export const nextId = (sequence: string): Promise<number> => advance(sequence, 1);

/**
 * Ids of a sequence taken `blockSize` at a time: one ADD reserves a block for this container, whose ids
 * are handed out from memory, so a busy path pays one counter write per block instead of one per id. Ids
 * stay unique (each block is reserved atomically, and `nextId` callers of the same sequence take single
 * ids the same way) but are neither dense nor in creation order across containers: a container that ends
 * leaves the rest of its block unused. Concurrent callers share one reservation.
 */
export const idAllocator = (sequence: string, blockSize: number) => {
  let next = 0;
  let end = 0;
  let reserving: Promise<void> | null = null;
  const reserve = async () => {
    end = (await advance(sequence, blockSize)) + 1;
    next = end - blockSize;
  };
  return async (): Promise<number> => {
    while (next >= end) {
      reserving ??= reserve().finally(() => {
        reserving = null;
      });
      await reserving;
    }
    const id = next;
    next += 1;
    return id;
  };
};
