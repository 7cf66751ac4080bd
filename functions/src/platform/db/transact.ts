/**
 * One TransactWriteItems, each item naming what it means when its own condition does not hold.
 *
 * DynamoDB answers a cancelled transaction with one reason per item, in the order the items were sent.
 * Reading those reasons by position at the call site (`CancellationReasons[2]`) breaks silently when the
 * items are reordered or one is added in front; here every item carries its failure, so the reason is
 * matched to its own item and no reordering can mislabel a failure. See docs/decisions/ for the rules.
 */
import { TransactionCanceledException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface NamedItem<F> {
  item: TransactItem;
  /** What the caller is told when this item's condition does not hold; omit for items without a condition. */
  failure?: F;
}

/** DynamoDB's limit of items per transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

/** Reasons that mean "another writer was there at the same moment": nothing was wrong with the items. */
const CONTENTION_CODES = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/**
 * Commits the items at once. Returns null when the transaction committed; otherwise nothing was written and
 * the answer is the failure named by the first item (in the order given) whose condition did not hold, or
 * `contended` when no condition failed but another transaction touched the same items at the same moment
 * (or the table throttled it). A condition failing on an item that names no failure, any other reason
 * (e.g. a ValidationError) and any other error are thrown: they are bugs or outages, not outcomes.
 */
export const transact = async <F>(
  items: readonly NamedItem<F>[],
  options: { contended: F },
): Promise<F | null> => (await transactWithReason(items, options))?.failure ?? null;

/**
 * `transact`, also answering the item whose condition failed as DynamoDB returned it (attribute values,
 * unconverted), when that item asked for it with `ReturnValuesOnConditionCheckFailure: 'ALL_OLD'`: the
 * caller learns what is stored without reading it again.
 */
export const transactWithReason = async <F>(
  items: readonly NamedItem<F>[],
  options: { contended: F },
): Promise<{ failure: F; item?: Record<string, AttributeValue> } | null> => {
  if (items.length > MAX_TRANSACTION_ITEMS)
    throw new Error(
      `A transaction of ${items.length} items exceeds DynamoDB's limit of ${MAX_TRANSACTION_ITEMS}`,
    );
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items.map(({ item }) => item) }));
    return null;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
    if (failed >= 0) {
      const named = items[failed];
      if (named && named.failure !== undefined)
        return { failure: named.failure, item: reasons[failed]?.Item };
      throw error;
    }
    if (reasons.some((reason) => reason.Code && CONTENTION_CODES.has(reason.Code)))
      return { failure: options.contended };
    throw error;
  }
};

/** `transact`, throwing the failure instead of returning it (for failures that are errors). */
export const transactOrThrow = async <F extends Error>(
  items: readonly NamedItem<F>[],
  options: { contended: F },
): Promise<void> => {
  const failure = await transact(items, options);
  if (failure) throw failure;
};
