/**
 * Waiting for the effects of a change (mails, chat messages: docs/decisions/0008) instead of sleeping: a
 * test that checks something did NOT happen first waits until every effect queued since its mark has been
 * delivered, so a duplicate effect would be there to see. Items queued before the mark (e.g. by fault
 * tests earlier in the run) are not waited for.
 */
import { expect } from 'vitest';

/** The mark: effects queued from now on are waited for. */
export const outboxMark = () => new Date().toISOString();

const pendingSince = async (mark: string) => {
  const { queryAll } = await import('../../../functions/src/platform/db/query');
  const { PENDING_QUEUE } = await import('../../../functions/src/platform/outbox');
  let pending = 0;
  for await (const _item of queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :queue AND gsi3sk >= :mark',
    ExpressionAttributeValues: { ':queue': PENDING_QUEUE, ':mark': mark },
  }))
    pending += 1;
  return pending;
};

/** Resolves once no effect queued since `mark` is still pending (delivered, or given up). */
export const waitForOutboxDrained = async (mark: string, timeoutMs = 10_000) =>
  expect.poll(() => pendingSince(mark), { timeout: timeoutMs }).toBe(0);
