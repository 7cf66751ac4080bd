/**
 * How the outbox Lambda is fed from the table's stream, in one place for the cloud's event source mapping
 * (infra/lib/stacks/jobs-stack.ts) and the local runtime's stream reader (infra/local/outbox-stream.ts), so
 * both hand the same records, in the same batches, with the same retries, to the same handler.
 * No imports: the CDK app reads it.
 */

/**
 * Lambda event filter pattern: new outbox items only (an INSERT whose partition key starts with `OUTBOX#`,
 * platform/outbox.ts OUTBOX_KEY_PREFIX). The outbox's own updates (claim, steps, finish) and every other item
 * never invoke the Lambda.
 */
export const OUTBOX_STREAM_FILTER_PATTERN = {
  eventName: ['INSERT'],
  dynamodb: { Keys: { pk: { S: [{ prefix: 'OUTBOX#' }] } } },
} as const;

export const OUTBOX_STREAM_SOURCE = {
  /** Records per invocation: a booking change's item takes a few hundred ms, so ten keep a batch short. */
  batchSize: 10,
  /**
   * Retries of a batch whose delivery failed (from its first failed record) before it goes to the failure
   * destination; the deliver-outbox job then keeps trying, with a growing pause, from the table.
   */
  retryAttempts: 3,
  /** Records older than this go to the failure destination unread: the job delivers them from the table. */
  maxRecordAgeSeconds: 3600,
} as const;
