import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { unlessConditionFails, writtenIfConditionHolds } from '../../src/platform/db/conditional';

const conditionFailed = () =>
  Promise.reject(
    new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }),
  );
const transactionCanceled = () =>
  Promise.reject(new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {} }));

describe('conditional writes', () => {
  it("answer the write's answer when it was made, null when its condition did not hold", async () => {
    expect(await unlessConditionFails(Promise.resolve({ Attributes: { pk: 'A' } }))).toEqual({
      Attributes: { pk: 'A' },
    });
    expect(await unlessConditionFails(conditionFailed())).toBeNull();
    expect(await unlessConditionFails(transactionCanceled())).toBeNull();
  });

  it('tell whether the write was made', async () => {
    expect(await writtenIfConditionHolds(Promise.resolve({}))).toBe(true);
    expect(await writtenIfConditionHolds(conditionFailed())).toBe(false);
    expect(await writtenIfConditionHolds(transactionCanceled())).toBe(false);
  });

  it('throw every other failure', async () => {
    await expect(unlessConditionFails(Promise.reject(new Error('throttled')))).rejects.toThrow('throttled');
    await expect(writtenIfConditionHolds(Promise.reject(new Error('throttled')))).rejects.toThrow(
      'throttled',
    );
  });
});
