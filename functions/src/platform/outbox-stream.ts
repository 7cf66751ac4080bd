/**
 * The outbox's stream deliverer: a batch of table stream records (new outbox items, filtered by the event
 * source, see ./outbox-stream-source.ts) delivered in commit order, each through deliverOutboxItem. A failed
 * item is reported as a batch item failure (its sequence number), so the event source retries from it
 * (bounded), then hands the batch to its failure destination; the item stays pending in the table and the
 * deliver-outbox job delivers it later. Records after a failure are not attempted in this invocation: the
 * retry starts at the failure and brings them again, and a booking's messages keep their order.
 *
 * Written by hand rather than with Powertools' batch utility, which is not a dependency here; it does the
 * same for DynamoDB streams (partial failures by sequence number).
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from './logger';
import { OUTBOX_KEY_PREFIX, deliverOutboxItem, type OutboxHandlers } from './outbox';

/** The outbox id of a new outbox item's record; null for any other record. */
export const outboxIdOfRecord = (record: DynamoDBRecord): string | null => {
  const pk = record.dynamodb?.Keys?.pk?.S;
  if (record.eventName !== 'INSERT' || !pk?.startsWith(OUTBOX_KEY_PREFIX)) return null;
  return pk.slice(OUTBOX_KEY_PREFIX.length) || null;
};

export const deliverOutboxStream = async (
  event: DynamoDBStreamEvent,
  handlers: OutboxHandlers,
): Promise<DynamoDBBatchResponse> => {
  let delivered = 0;
  let skipped = 0;
  for (const record of event.Records) {
    const outboxId = outboxIdOfRecord(record);
    // Anything else the filter let through has nothing to deliver.
    if (!outboxId) continue;
    // The claim reads the item's current state: the record only names it.
    const outcome = await deliverOutboxItem(outboxId, handlers, 'now');
    if (outcome === 'failed') {
      const sequenceNumber = record.dynamodb?.SequenceNumber;
      logger.info('Outbox stream batch stopped at a failed item', { outboxId, delivered, skipped });
      // Without a sequence number the event source cannot resume at the record: the whole batch is retried.
      if (!sequenceNumber) throw new Error('Outbox stream record without a sequence number');
      return { batchItemFailures: [{ itemIdentifier: sequenceNumber }] };
    }
    if (outcome === 'delivered') delivered += 1;
    else skipped += 1;
  }
  return { batchItemFailures: [] };
};
