/** What `GET /dev/calls` answers (see call-counter.ts): shared with the benchmarks that read it. */
export type CallKind = 'read' | 'query' | 'write' | 'transaction';

/** The DynamoDB calls of one entry point since the last reset, and how many times it ran. */
export interface EntryPointCalls extends Record<CallKind, number> {
  invocations: number;
  /** Per DynamoDB operation: `GetItem`, `TransactWriteItems`, … */
  operations: Record<string, number>;
}

export interface CallCounts {
  /** Keyed by entry point: `POST /api/v2/…` (the route's template), `ws SendMessage`, `outbox`, `job <name>`. */
  dynamodb: Record<string, EntryPointCalls>;
  /** `@connections` calls served by the local WebSocket gateway, by HTTP method (POST is a push). */
  connections: Record<string, number>;
}
