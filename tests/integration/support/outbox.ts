/**
 * Effects of a change arrive after its request answered: the stack delivers outbox items from the table's
 * stream (infra/local/outbox-stream.ts). These helpers wait for that, bounded, instead of sleeping.
 * A test that checks something did NOT happen first waits for the effects of what it did, so a duplicate
 * effect would be there to see.
 */
import { stack } from './api';

/** Reads until `check` holds for what was read, at most `timeoutMs`; returns the last value read. */
export const eventually = async <T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const outbox = () => import('../../../functions/src/platform/outbox');

/**
 * Waits until no outbox item naming any of these users (in its payload) is pending: every effect of what
 * they did so far has been delivered. The items exist once the request or job that wrote them returned.
 */
export const waitForEffects = (...userIds: string[]) => waitForEffectsWithin(10_000, ...userIds);

/** waitForEffects with a longer bound, after work that queued many effects at once (a job over many items). */
export const waitForEffectsWithin = async (timeoutMs: number, ...userIds: string[]) => {
  await eventually(
    async () => (await outbox()).listPendingOutbox(),
    (pending) =>
      !pending.some((entry) => userIds.some((userId) => JSON.stringify(entry.Payload).includes(userId))),
    `effects for ${userIds.join(', ')} delivered`,
    timeoutMs,
  );
};

/** Stops the stack's outbox stream reader until `release()` (or for at most `seconds`). */
export const holdOutboxStream = async (seconds = 20) => {
  const response = await fetch(`${stack.baseUrl}/dev/outbox/hold?seconds=${seconds}`, { method: 'POST' });
  if (!response.ok) throw new Error(`hold: ${response.status}`);
  return {
    release: async () => {
      await fetch(`${stack.baseUrl}/dev/outbox/release`, { method: 'POST' });
    },
  };
};

export interface OutboxStreamFailure {
  requestContext: { condition: string; approximateInvokeCount: number };
  DDBStreamBatchInfo: { startSequenceNumber: string; endSequenceNumber: string; batchSize: number };
  keys: { Keys?: { pk?: { S?: string } } }[];
}

/** What the stack's outbox stream reader handed to its failure destination. */
export const outboxStreamFailures = async (): Promise<OutboxStreamFailure[]> => {
  const response = await fetch(`${stack.baseUrl}/dev/outbox/failures`);
  return ((await response.json()) as { failures: OutboxStreamFailure[] }).failures;
};
