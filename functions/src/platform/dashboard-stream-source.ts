/**
 * How the aggregation Lambda (functions/src/aggregates/handler.ts) is fed from the table's stream, in one
 * place for the cloud's event source mapping (infra/lib/stacks/jobs-stack.ts) and the local runtime's stream
 * reader (infra/local/stack.ts), as platform/outbox-stream-source.ts does for the outbox.
 * No imports: the CDK app reads it.
 */

/**
 * Lambda event filter pattern: writes of the items the dashboards count (docs/product.md#business-dashboards),
 * by their sort key: bookings, patient profiles, questionnaire submissions and reviews. Which of those items
 * are facts is decided by their owning areas (each area's dashboard-facts.ts).
 */
export const DASHBOARD_STREAM_FILTER_PATTERN = {
  eventName: ['INSERT', 'MODIFY'],
  dynamodb: { Keys: { sk: { S: ['BOOKING', 'PATIENT', 'SUBMISSION', 'REVIEW'] } } },
} as const;

export const DASHBOARD_STREAM_SOURCE = {
  /** Records per invocation: each is one read and at most one small transaction. */
  batchSize: 50,
  /** Retries of a failed batch (from its first failed record) before it goes to the failure destination. */
  retryAttempts: 5,
  /** Older records are dropped: the nightly rebuild job recomputes every aggregate from the table. */
  maxRecordAgeSeconds: 86_400,
} as const;
