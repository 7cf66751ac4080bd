/**
 * What the benchmarks print of the stack's call counts (infra/local/call-counter.ts; their stack is started
 * with NUTRI_COUNT_CALLS=1): DynamoDB calls per operation of one entry point, split by kind, and the
 * `@connections` calls the WebSocket gateway served.
 */
import type { CallCounts, CallKind } from '../../infra/local/call-counts';

const KINDS: CallKind[] = ['read', 'query', 'write', 'transaction'];

const devCall = async (baseUrl: string, method: 'GET' | 'POST', route: string) => {
  const response = await fetch(`${baseUrl}/dev/${route}`, { method });
  if (!response.ok)
    throw new Error(`${method} /dev/${route}: ${response.status} (is the stack counting calls?)`);
  return response.json();
};

/** Clears the counts, so what is read next belongs to the phase that follows. */
export const resetCallCounts = async (baseUrl: string) => {
  await devCall(baseUrl, 'POST', 'calls/reset');
};

export const readCallCounts = async (baseUrl: string) =>
  (await devCall(baseUrl, 'GET', 'calls')) as CallCounts;

/** The calls of the entry points named, per operation (`per`: messages sent, bookings made…). */
export const callsPer = (counts: CallCounts, entryPoints: string[], per: number) => {
  const total = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<CallKind, number>;
  const operations: Record<string, number> = {};
  for (const name of entryPoints) {
    const entry = counts.dynamodb[name];
    if (!entry) continue;
    for (const kind of KINDS) total[kind] += entry[kind];
    for (const [operation, count] of Object.entries(entry.operations))
      operations[operation] = (operations[operation] ?? 0) + count;
  }
  const all = KINDS.reduce((sum, kind) => sum + total[kind], 0);
  return {
    perOperation: per ? all / per : NaN,
    byKind: Object.fromEntries(KINDS.map((kind) => [kind, per ? total[kind] / per : NaN])) as Record<
      CallKind,
      number
    >,
    operations,
  };
};

const fixed = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/**
 * One line: `3.00 DynamoDB calls per message (read 1, query 1, write 0, transaction 1)`, plus the
 * `@connections` posts per operation when asked for.
 */
export const callsLine = (
  counts: CallCounts,
  entryPoints: string[],
  per: number,
  unit: string,
  { pushes = false } = {},
) => {
  const { perOperation, byKind } = callsPer(counts, entryPoints, per);
  const kinds = KINDS.map((kind) => `${kind} ${fixed(byKind[kind])}`).join(', ');
  const posts = pushes ? `; @connections posts ${fixed((counts.connections.POST ?? 0) / per)}` : '';
  return `${fixed(perOperation)} DynamoDB calls per ${unit} (${kinds})${posts}`;
};
