/**
 * Transactional outbox: a change and the effects it causes (chat messages, e-mails) are committed together,
 * because the change's own transaction also puts an outbox item describing the effects. The request answers
 * right after its commit; a deliverer then carries the effects out: the outbox Lambda, fed by the table's
 * stream with each new outbox item (./outbox-stream.ts), and the `deliver-outbox` job for whatever a crash,
 * a timeout or a failing mail server left pending.
 *
 * Item `OUTBOX#<id>` / `OUTBOX`: Topic (which feature handler delivers it), Payload, CreatedAt, Attempts,
 * DoneSteps (string set), LeaseUntil, DeliveredAt. While pending it is in the sparse queue gsi3
 * `OUTBOX#PENDING` / `<CreatedAt>#<id>`; delivery removes it from the queue and sets the TTL.
 * Access patterns: put in a caller's transaction; claim / mark a step / finish by key (conditional
 * UpdateItem); pending items oldest first (gsi3).
 *
 * Delivery is at least once per step, exactly once where the step can check (a chat message records the
 * outbox id and is never appended twice); an e-mail is marked sent after SES accepted it, so a crash between
 * the two sends it again (see docs/decisions/0008-booking-effects-outbox.md). A lease keeps the stream's
 * deliverer and the job from working on one item at the same time.
 */
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { now } from './clock';
import { db, tableName, toEpochSeconds } from './db/client';
import { unlessConditionFails } from './db/conditional';
import { countQuery, queryAll } from './db/query';
import { newId } from './ids';
import { logger } from './logger';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface OutboxEntry {
  OutboxId: string;
  /** Names the handler that delivers it (e.g. `booking`). */
  Topic: string;
  /** What to do, as the feature describes it; its handler validates it. */
  Payload: Record<string, unknown>;
  /** ISO instant of the change. */
  CreatedAt: string;
}

/**
 * Runs one named step of a delivery once: skipped when an earlier delivery already completed it. An
 * `idempotent` step (one that checks by itself whether it was done, e.g. a chat append keyed by the outbox
 * id) is not recorded before the item is finished: repeating it after a crash adds nothing.
 */
export type OutboxStep = (
  name: string,
  run: () => Promise<void>,
  options?: { idempotent?: boolean },
) => Promise<void>;
export type OutboxHandler = (entry: OutboxEntry, step: OutboxStep) => Promise<void>;
export type OutboxHandlers = Readonly<Record<string, OutboxHandler>>;

export const PENDING_QUEUE = 'OUTBOX#PENDING';
/** Partition keys of outbox items start with this (the stream filter picks them out by it). */
export const OUTBOX_KEY_PREFIX = 'OUTBOX#';
/** How long one deliverer owns an item; a crashed one's item is free again after this. */
const LEASE_MS = 2 * 60_000;
/** Failed deliveries wait longer each time (1, 2, 4 … minutes), at most an hour. */
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;
/** Delivered items are kept this long for inspection, then TTL removes them. */
const KEEP_DELIVERED_DAYS = 14;

const outboxKey = (outboxId: string) => ({ pk: `${OUTBOX_KEY_PREFIX}${outboxId}`, sk: 'OUTBOX' });

export const newOutboxEntry = (topic: string, payload: Record<string, unknown>, at: Date): OutboxEntry => ({
  OutboxId: newId(),
  Topic: topic,
  Payload: payload,
  CreatedAt: at.toISOString(),
});

// The outbox item as a Put for the caller's own transaction (the change and its effects commit together).
export const outboxPut = (entry: OutboxEntry): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...outboxKey(entry.OutboxId),
      type: 'Outbox',
      ...entry,
      Attempts: 0,
      gsi3pk: PENDING_QUEUE,
      gsi3sk: `${entry.CreatedAt}#${entry.OutboxId}`,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

// An outbox item on its own, for an effect whose cause is not a write of ours (e.g. failed sign-ins).
export const putOutboxEntry = async (entry: OutboxEntry) => {
  const { Put } = outboxPut(entry);
  if (Put) await db().send(new PutCommand(Put));
};

const toEntry = (item: Record<string, unknown>): OutboxEntry => ({
  OutboxId: String(item.OutboxId),
  Topic: String(item.Topic),
  Payload: (item.Payload ?? {}) as Record<string, unknown>,
  CreatedAt: String(item.CreatedAt),
});

const stepsOf = (value: unknown): Set<string> =>
  value instanceof Set
    ? new Set([...(value as Set<unknown>)].map(String))
    : new Set(Array.isArray(value) ? value.map(String) : []);

// Claim an undelivered item whose lease is free; null when it is delivered, missing or someone holds it.
const claim = async (outboxId: string, at: Date) => {
  const claimed = await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: outboxKey(outboxId),
        UpdateExpression: 'SET LeaseUntil = :until ADD Attempts :one',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_not_exists(DeliveredAt) AND (attribute_not_exists(LeaseUntil) OR LeaseUntil <= :now)',
        ExpressionAttributeValues: {
          ':until': new Date(at.getTime() + LEASE_MS).toISOString(),
          ':now': at.toISOString(),
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return claimed?.Attributes ?? null;
};

// Record a completed step (a string-set ADD: recording it twice changes nothing).
const markStep = async (outboxId: string, name: string) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: outboxKey(outboxId),
      UpdateExpression: 'ADD DoneSteps :step',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':step': new Set([name]) },
    }),
  );
};

// Delivered: out of the pending queue with every step recorded, kept a while for inspection.
const finish = async (outboxId: string, steps: ReadonlySet<string>, at: Date) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: outboxKey(outboxId),
      UpdateExpression: `SET DeliveredAt = :at, expiresAt = :expires${steps.size ? ' ADD DoneSteps :steps' : ''} REMOVE gsi3pk, gsi3sk, LeaseUntil`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':at': at.toISOString(),
        ':expires': toEpochSeconds(at) + KEEP_DELIVERED_DAYS * 86_400,
        ...(steps.size ? { ':steps': new Set(steps) } : {}),
      },
    }),
  );
};

// Failed: stays pending (with the step completed last recorded). The job's own retries wait longer each
// time (the lease is pushed out); the stream's retries come at once, so for them the lease is released.
const postpone = async (
  outboxId: string,
  attempts: number,
  at: Date,
  reason: string,
  completed: string | null,
  retry: RetryTiming,
) => {
  const delay = retry === 'now' ? 0 : Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: outboxKey(outboxId),
      UpdateExpression: `SET LeaseUntil = :until, LastError = :reason${completed ? ' ADD DoneSteps :step' : ''}`,
      // Never creates an item: a claim that failed on a missing one has nothing to postpone.
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(DeliveredAt)',
      ExpressionAttributeValues: {
        ':until': new Date(at.getTime() + delay).toISOString(),
        ':reason': reason,
        ...(completed ? { ':step': new Set([completed]) } : {}),
      },
    }),
  );
};

export type DeliveryOutcome = 'delivered' | 'skipped' | 'failed';

/**
 * When a failed item may be tried again: `backoff` (the job: 1, 2, 4 … 60 minutes after the failure) or
 * `now` (the stream's deliverer, whose event source retries at once, a bounded number of times).
 */
export type RetryTiming = 'backoff' | 'now';

/**
 * Delivers one item if nobody else is: claims it, runs its handler's steps (those done before are skipped),
 * then takes it out of the queue. The item is read by the claim itself (its latest state), so a caller
 * needs only its id. A completed step is recorded before the next one starts, the last one with the
 * finish: the same order as recording each right after it ran, one write fewer. Never throws: a failure is
 * logged (ids and error names only, since provider messages may quote addresses) and left pending.
 */
export const deliverOutboxItem = async (
  outboxId: string,
  handlers: OutboxHandlers,
  retry: RetryTiming = 'backoff',
): Promise<DeliveryOutcome> => {
  let attempts = 1;
  let topic: string | undefined;
  let unrecorded: string | null = null;
  try {
    const claimed = await claim(outboxId, now());
    if (!claimed) return 'skipped';
    attempts = Number(claimed.Attempts ?? 1);
    const entry = toEntry(claimed);
    topic = entry.Topic;
    const done = stepsOf(claimed.DoneSteps);
    const handler = handlers[entry.Topic];
    if (!handler) throw new Error(`No outbox handler for topic ${entry.Topic}`);
    await handler(entry, async (name, run, options) => {
      if (done.has(name)) return;
      if (unrecorded) await markStep(entry.OutboxId, unrecorded);
      unrecorded = null;
      await run();
      done.add(name);
      if (!options?.idempotent) unrecorded = name;
    });
    await finish(entry.OutboxId, done, now());
    return 'delivered';
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'Error';
    logger.warn('Outbox delivery failed', { outboxId, topic, attempts, reason });
    await postpone(outboxId, attempts, now(), reason, unrecorded, retry).catch((postponeError: unknown) =>
      logger.error('Outbox postpone failed', {
        outboxId,
        reason: postponeError instanceof Error ? postponeError.name : 'Error',
      }),
    );
    return 'failed';
  }
};

export interface OutboxRunResult {
  checked: number;
  delivered: number;
  failed: number;
  skipped: number;
}

/**
 * The job's pass: every pending item older than `minAgeMs` (younger ones are still being delivered from the
 * stream) whose lease is free, oldest first, at most `maxItems` per run.
 */
export const deliverPendingOutbox = async (
  handlers: OutboxHandlers,
  options: { minAgeMs?: number; maxItems?: number } = {},
): Promise<OutboxRunResult> => {
  const at = now();
  const result: OutboxRunResult = { checked: 0, delivered: 0, failed: 0, skipped: 0 };
  const cutoff = new Date(at.getTime() - (options.minAgeMs ?? 30_000)).toISOString();
  for await (const item of queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :queue AND gsi3sk < :cutoff',
    FilterExpression: 'attribute_not_exists(LeaseUntil) OR LeaseUntil <= :now',
    ExpressionAttributeValues: { ':queue': PENDING_QUEUE, ':cutoff': cutoff, ':now': at.toISOString() },
  })) {
    if (result.checked >= (options.maxItems ?? 500)) break;
    result.checked += 1;
    result[await deliverOutboxItem(String(item.OutboxId), handlers)] += 1;
  }
  return result;
};

// Every pending item, oldest first (tests, support, benchmarks: what is still to be delivered).
export const listPendingOutbox = async () => {
  const pending: OutboxEntry[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :queue',
    ExpressionAttributeValues: { ':queue': PENDING_QUEUE },
  }))
    pending.push(toEntry(item));
  return pending;
};

// Read one outbox item (tests and support: whether and what was delivered).
export const getOutboxItem = async (outboxId: string) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: outboxKey(outboxId), ConsistentRead: true }),
  );
  return Item
    ? {
        ...toEntry(Item),
        Attempts: Number(Item.Attempts ?? 0),
        DoneSteps: [...stepsOf(Item.DoneSteps)].sort(),
        DeliveredAt: typeof Item.DeliveredAt === 'string' ? Item.DeliveredAt : null,
        LastError: typeof Item.LastError === 'string' ? Item.LastError : null,
        Pending: Item.gsi3pk === PENDING_QUEUE,
      }
    : null;
};

/**
 * The backlog for the /SystemSettings home (docs/product.md#system-settings): how many items are pending,
 * counted on the sparse queue (gsi3, keys only), and when the oldest was created.
 */
export const outboxBacklog = async () => {
  const [pending, oldest] = await Promise.all([
    countQuery({
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :queue',
      ExpressionAttributeValues: { ':queue': PENDING_QUEUE },
    }),
    db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :queue',
        ExpressionAttributeValues: { ':queue': PENDING_QUEUE },
        Limit: 1,
      }),
    ),
  ]);
  // The queue's sort key starts with the item's creation instant.
  const first: unknown = oldest.Items?.[0]?.gsi3sk;
  return { pending, oldestAt: typeof first === 'string' ? first.split('#')[0]! : null };
};
