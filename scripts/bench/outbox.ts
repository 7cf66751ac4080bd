/** The benchmarks' wait for the stack's outbox stream to deliver every effect of what they did. */
import { performance } from 'node:perf_hooks';

/** Waits until no outbox item is pending (or `timeoutMs` is up); the count left and how long it took. */
export const drainOutbox = async (timeoutMs: number) => {
  const { listPendingOutbox } = await import('../../functions/src/platform/outbox');
  const started = performance.now();
  for (;;) {
    const pending = (await listPendingOutbox()).length;
    const ms = performance.now() - started;
    if (!pending || ms > timeoutMs) return { pending, ms };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
