import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/**
 * A conditional write (a Put, Update or Delete with a ConditionExpression, or a transaction): the write's
 * answer, or null when its condition did not hold and nothing was written. Any other failure is thrown.
 */
export const unlessConditionFails = async <T>(write: Promise<T>): Promise<T | null> => {
  try {
    return await write;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || error instanceof TransactionCanceledException)
      return null;
    throw error;
  }
};

/** Whether the conditional write was made (false: its condition did not hold). */
export const writtenIfConditionHolds = async (write: Promise<unknown>): Promise<boolean> =>
  (await unlessConditionFails(write)) !== null;
