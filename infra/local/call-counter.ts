/**
 * Counts what the handlers ask of DynamoDB, per entry point, for the benchmarks: a stack started with
 * `NUTRI_COUNT_CALLS=1` adds an SDK middleware to the functions' document client (`platform/db/client.ts`)
 * that records each command under the entry point running it (a REST route, a WebSocket route, the outbox,
 * a job), and counts the `@connections` calls its WebSocket gateway serves. `GET /dev/calls` reads the
 * counts, `POST /dev/calls/reset` clears them. It exists in the local runtime only and is off unless asked
 * for: no deployed code path carries it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { db } from '@nutri/functions/platform/db/client';
import type { CallCounts, CallKind, EntryPointCalls } from './call-counts';

/** What each DynamoDB operation is, as the benchmarks report it. */
const KIND_OF: Record<string, CallKind> = {
  GetItem: 'read',
  BatchGetItem: 'read',
  Query: 'query',
  Scan: 'query',
  PutItem: 'write',
  UpdateItem: 'write',
  DeleteItem: 'write',
  BatchWriteItem: 'write',
  TransactWriteItems: 'transaction',
  TransactGetItems: 'transaction',
};

/** Calls made outside any handler invocation (the seed, the stack's own set-up). */
const OUTSIDE = 'outside handlers';

const entryPoint = new AsyncLocalStorage<string>();
let counts: CallCounts | undefined;

const emptyEntry = (): EntryPointCalls => ({
  invocations: 0,
  read: 0,
  query: 0,
  write: 0,
  transaction: 0,
  operations: {},
});

const entryOf = (current: CallCounts, name: string) => (current.dynamodb[name] ??= emptyEntry());

/** Whether the stack counts calls (asked for with `NUTRI_COUNT_CALLS=1`). */
export const isCountingCalls = () => counts !== undefined;

/** Starts counting: the middleware sees every command any handler sends through `db()`. */
export const startCallCounting = () => {
  if (counts) return;
  counts = { dynamodb: {}, connections: {} };
  db().middlewareStack.add(
    (next, context) => async (args) => {
      if (counts) {
        // The document client resolves its commands through the low-level client's: `GetItemCommand`.
        const operation = String(context.commandName ?? 'Unknown').replace(/Command$/, '');
        const entry = entryOf(counts, entryPoint.getStore() ?? OUTSIDE);
        entry.operations[operation] = (entry.operations[operation] ?? 0) + 1;
        const kind = KIND_OF[operation];
        if (kind) entry[kind] += 1;
      }
      return next(args);
    },
    { step: 'initialize', name: 'nutriLocalCallCounter' },
  );
};

/**
 * Runs one handler invocation under its entry point's name, so the DynamoDB calls it makes (also those
 * of promises it starts) are counted under that name.
 */
export const withEntryPoint = <T>(name: string, invoke: () => Promise<T>): Promise<T> => {
  if (!counts) return invoke();
  entryOf(counts, name).invocations += 1;
  return entryPoint.run(name, invoke);
};

/** One `@connections` call served by the local WebSocket gateway (POST send, GET info, DELETE close). */
export const countConnectionsCall = (method: string) => {
  if (counts) counts.connections[method] = (counts.connections[method] ?? 0) + 1;
};

export const readCallCounts = (): CallCounts | undefined => counts && structuredClone(counts);

export const resetCallCounts = () => {
  if (counts) counts = { dynamodb: {}, connections: {} };
};
