/**
 * The local stand-in for the outbox Lambda's event source mapping (infra/lib/stacks/jobs-stack.ts): reads
 * DynamoDB Local's table stream and invokes the outbox handler (functions/src/outbox/handler.ts) with the
 * records the cloud's filter lets through, in batches of the same size, with the same partial-failure
 * retries, bisecting and failure destination (functions/src/platform/outbox-stream-source.ts).
 *
 * - Start-up reads every open shard from LATEST: only changes made from then on. Outbox items written while
 *   the runtime was stopped are still pending in the table, and the deliver-outbox job (every minute, items
 *   older than 30 s) delivers them; replaying the stream from TRIM_HORIZON would re-read up to a day of
 *   records at every start to find them already delivered. start() resolves once the reader holds its
 *   iterators, so nothing written after the runtime is ready is missed.
 * - Shards: the stream is described again every few seconds and whenever a shard ends. A shard that appears
 *   later (a split, a new stream) is read from its start, after its parent is read to its end, as Lambda
 *   does.
 * - DynamoDB Local is supervised and may restart (dynamodb.ts): reads fail meanwhile, the reader waits a
 *   little longer each time, then describes the table and its stream again and resumes every shard after the
 *   last record it handled (or as it started, if it handled none; the job covers that gap).
 * - A failed batch is retried from its first failed record (reported batch item failures), a throwing one
 *   is split in two, each after a short pause that doubles; after the last retry the batch goes to the
 *   failure destination: here a list served at `GET /dev/outbox/failures`, in the shape Lambda sends to the
 *   on-failure queue, plus (locally only) the keys of the batch's records.
 * - `POST /dev/outbox/hold?seconds=` stops reading for a while (`POST /dev/outbox/release` carries on
 *   earlier): tests use it to show that a request answers before its effects are delivered.
 *   `POST /dev/outbox/skip-to-latest` leaves what the stream holds so far unread: for benchmarks that seed
 *   hundreds of thousands of items directly, none of them an outbox item.
 * - stop() ends the loop after the batch under way and resolves once it has.
 */
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import {
  OUTBOX_STREAM_FILTER_PATTERN,
  OUTBOX_STREAM_SOURCE,
} from '@nutri/functions/platform/outbox-stream-source';
import {
  StreamsError,
  type ShardIteratorType,
  type StreamRecord,
  type StreamsClient,
} from './dynamodb-streams';

/**
 * How often a shard is read: effects arrive within about this much after the commit. A read that returned
 * records is not repeated at once (only a full page is): under a steady stream of writes that turned into
 * twenty reads a second, each taking DynamoDB Local's time from the requests (Lambda reads a shard four
 * times a second).
 */
const POLL_MS = 100;
/** How often the stream's shards are described again when none ended. */
const DESCRIBE_EVERY_MS = 5_000;
/** Records asked for per read; they are then filtered and cut into batches. */
const READ_LIMIT = 1000;
/** Pause before the first retry of a failed batch, doubled for each further one. */
const FIRST_RETRY_PAUSE_MS = 250;
/** Pause after a failed read (DynamoDB Local restarting), doubled each time up to the maximum. */
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 4_000;

/** What Lambda sends to an on-failure destination for a stream batch, and (locally) the records' keys. */
export interface OutboxStreamFailure {
  version: '1.0';
  timestamp: string;
  requestContext: {
    condition: 'RetryAttemptsExhausted' | 'RecordAgeExceeded';
    approximateInvokeCount: number;
  };
  DDBStreamBatchInfo: {
    shardId: string;
    startSequenceNumber: string;
    endSequenceNumber: string;
    batchSize: number;
    streamArn: string;
  };
  keys: DynamoDBRecord['dynamodb'][];
}

type Pattern = { readonly [key: string]: Pattern | readonly (string | number | { prefix: string })[] };

/** Lambda event filtering for what our pattern uses: value lists (exact or `prefix`) under nested keys. */
export const matchesFilter = (pattern: Pattern, value: unknown): boolean =>
  Object.entries(pattern).every(([key, rule]) => {
    const field = (value as Record<string, unknown> | undefined)?.[key];
    if (Array.isArray(rule))
      return (rule as readonly (string | number | { prefix: string })[]).some((accepted) =>
        typeof accepted === 'object'
          ? typeof field === 'string' && field.startsWith(accepted.prefix)
          : field === accepted,
      );
    return field !== undefined && matchesFilter(rule as Pattern, field);
  });

interface Shard {
  id: string;
  parentId: string | null;
  /** Where to (re)start: after the last record handled, or as the shard was first taken up. */
  from: { type: ShardIteratorType; sequenceNumber?: string };
  iterator: string | null;
  /** Read to its end (a closed shard) or left alone (closed before start-up). */
  done: boolean;
}

export interface OutboxStreamOptions {
  dynamo: DynamoDBClient;
  streams: StreamsClient;
  tableName: string;
  region: string;
  /** The outbox Lambda handler. */
  invoke: (event: DynamoDBStreamEvent) => Promise<unknown>;
  log: (line: string) => void;
  /**
   * Another Lambda fed from the same stream (the dashboards' aggregation): its filter, batching and retries
   * (e.g. platform/dashboard-stream-source.ts) and the name its log lines carry. Defaults: the outbox's.
   */
  consumer?: {
    name: string;
    filterPattern: Pattern;
    source: { batchSize: number; retryAttempts: number; maxRecordAgeSeconds: number };
  };
}

export const startOutboxStream = async (options: OutboxStreamOptions) => {
  const { streams } = options;
  const consumer = options.consumer ?? {
    name: 'outbox stream',
    filterPattern: OUTBOX_STREAM_FILTER_PATTERN,
    source: OUTBOX_STREAM_SOURCE,
  };
  const log = (line: string) => options.log(line.replace(/^outbox stream/, consumer.name));
  const shards = new Map<string, Shard>();
  const failures: OutboxStreamFailure[] = [];
  let streamArn: string | null = null;
  let describedAt = 0;
  let stopping = false;
  let heldUntil = 0;
  let wake: (() => void) | null = null;
  /** Asked to leave what the stream holds so far (skipToLatest): resolved once every shard reads from now. */
  const skips: (() => void)[] = [];

  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopping) return resolve();
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  /** Takes up the stream's shards: at start-up the open ones from LATEST, later ones from their start. */
  /** Whether the table's stream must be looked up again (at start-up, and after a failed read). */
  let tableToDescribe = true;
  const describe = async (startingUp: boolean) => {
    // DescribeTable is asked only when the stream may have changed: DynamoDB Local answers it by counting
    // the table and its indexes (item counts and sizes), about 2 s at 200,000 items, during which it
    // answers nothing else; asked by both readers every few seconds, it stalled every request.
    if (tableToDescribe) {
      const { Table } = await options.dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
      const arn = Table?.LatestStreamArn ?? null;
      if (!arn) throw new Error(`the table ${options.tableName} has no stream`);
      if (arn !== streamArn) {
        // Another stream (the table was made again): everything on it is new.
        if (streamArn) log(`outbox stream: new stream ${arn}, reading it from its start`);
        shards.clear();
        streamArn = arn;
      }
      tableToDescribe = false;
    }
    for (const shard of await streams.describeShards(streamArn!)) {
      if (shards.has(shard.ShardId)) continue;
      const closed = shard.SequenceNumberRange.EndingSequenceNumber !== undefined;
      shards.set(shard.ShardId, {
        id: shard.ShardId,
        parentId: shard.ParentShardId ?? null,
        from: { type: startingUp ? 'LATEST' : 'TRIM_HORIZON' },
        iterator: null,
        done: startingUp && closed,
      });
    }
    describedAt = Date.now();
  };

  const streamEvent = (records: StreamRecord[]): DynamoDBStreamEvent => ({
    Records: records.map((record) => ({ ...record, eventSourceARN: streamArn! }) as DynamoDBRecord),
  });

  const giveUp = (
    shard: Shard,
    batch: StreamRecord[],
    condition: OutboxStreamFailure['requestContext']['condition'],
    invocations: number,
  ) => {
    failures.push({
      version: '1.0',
      timestamp: new Date().toISOString(),
      requestContext: { condition, approximateInvokeCount: invocations },
      DDBStreamBatchInfo: {
        shardId: shard.id,
        startSequenceNumber: batch[0]!.dynamodb.SequenceNumber,
        endSequenceNumber: batch.at(-1)!.dynamodb.SequenceNumber,
        batchSize: batch.length,
        streamArn: streamArn!,
      },
      keys: batch.map((record) => ({ Keys: record.dynamodb.Keys })),
    });
    log(`outbox stream: ${batch.length} record(s) to the failure destination (${condition})`);
  };

  /**
   * One batch, as the event source delivers it: retried from the first reported failure, split in two when
   * the handler throws, until the retries run out.
   */
  const deliver = async (shard: Shard, batch: StreamRecord[], retriesLeft: number, invocations = 0) => {
    let pending = batch;
    let left = retriesLeft;
    let count = invocations;
    while (pending.length && !stopping) {
      const oldest = pending[0]!.dynamodb.ApproximateCreationDateTime;
      if (oldest !== undefined && Date.now() / 1000 - oldest > consumer.source.maxRecordAgeSeconds) {
        giveUp(shard, pending, 'RecordAgeExceeded', count);
        return;
      }
      count += 1;
      let failedAt: number;
      try {
        const response = (await options.invoke(streamEvent(pending))) as DynamoDBBatchResponse | undefined;
        const failed = new Set((response?.batchItemFailures ?? []).map((item) => item.itemIdentifier));
        failedAt = pending.findIndex((record) => failed.has(record.dynamodb.SequenceNumber));
        if (failedAt < 0) return;
      } catch (error) {
        log(`outbox stream: handler error (${(error as Error).name})`);
        if (pending.length > 1 && left > 0) {
          const half = Math.ceil(pending.length / 2);
          await rest(FIRST_RETRY_PAUSE_MS * 2 ** (retriesLeft - left));
          await deliver(shard, pending.slice(0, half), left - 1, count);
          await deliver(shard, pending.slice(half), left - 1, count);
          return;
        }
        failedAt = 0;
      }
      if (left === 0) {
        giveUp(shard, pending.slice(failedAt), 'RetryAttemptsExhausted', count);
        return;
      }
      pending = pending.slice(failedAt);
      await rest(FIRST_RETRY_PAUSE_MS * 2 ** (retriesLeft - left));
      left -= 1;
    }
  };

  /** Where the shard is to be read from; from its start when the records after the last one handled are gone. */
  const iteratorOf = async (shard: Shard) => {
    try {
      return await streams.shardIterator(streamArn!, shard.id, shard.from.type, shard.from.sequenceNumber);
    } catch (error) {
      if (!(error instanceof StreamsError && error.code === 'TrimmedDataAccessException')) throw error;
      shard.from = { type: 'TRIM_HORIZON' };
      return streams.shardIterator(streamArn!, shard.id, 'TRIM_HORIZON');
    }
  };

  /** Reads one shard once; true when it returned a full page (more is waiting: read again at once). */
  const readShard = async (shard: Shard) => {
    shard.iterator ??= await iteratorOf(shard);
    if (!shard.iterator) {
      shard.done = true;
      return false;
    }
    const { records, next } = await streams.records(shard.iterator, READ_LIMIT);
    const wanted = records.filter((record) => matchesFilter(consumer.filterPattern, record));
    for (let start = 0; start < wanted.length && !stopping; start += consumer.source.batchSize)
      await deliver(
        shard,
        wanted.slice(start, start + consumer.source.batchSize),
        consumer.source.retryAttempts,
      );
    if (stopping) return false;
    const last = records.at(-1);
    if (last) shard.from = { type: 'AFTER_SEQUENCE_NUMBER', sequenceNumber: last.dynamodb.SequenceNumber };
    shard.iterator = next;
    if (!next) {
      shard.done = true;
      // Its children may be there already: look at once.
      describedAt = 0;
    }
    return records.length >= READ_LIMIT;
  };

  const readable = () =>
    [...shards.values()].filter(
      (shard) => !shard.done && (!shard.parentId || shards.get(shard.parentId)?.done !== false),
    );

  await describe(true);
  for (const shard of readable())
    shard.iterator = await streams.shardIterator(streamArn!, shard.id, shard.from.type);

  const loop = (async () => {
    let backoff = 0;
    while (!stopping) {
      try {
        if (skips.length) {
          for (const shard of shards.values()) {
            shard.from = { type: 'LATEST' };
            shard.iterator = null;
          }
          heldUntil = 0;
          for (const done of skips.splice(0)) done();
        }
        if (Date.now() < heldUntil) {
          await rest(Math.min(heldUntil - Date.now(), POLL_MS));
          continue;
        }
        if (Date.now() - describedAt >= DESCRIBE_EVERY_MS) await describe(false);
        let busy = false;
        for (const shard of readable()) {
          if (stopping) break;
          if (await readShard(shard)) busy = true;
        }
        if (backoff) log('outbox stream: reading again');
        backoff = 0;
        if (!busy) await rest(POLL_MS);
      } catch (error) {
        if (stopping) break;
        if (!backoff) log(`outbox stream: read failed (${(error as Error).name}), retrying`);
        backoff = Math.min(backoff ? backoff * 2 : FIRST_BACKOFF_MS, MAX_BACKOFF_MS);
        // Iterators do not outlive a restart: every shard starts again from where it got to.
        for (const shard of shards.values()) shard.iterator = null;
        describedAt = 0;
        tableToDescribe = true;
        await rest(backoff);
      }
    }
  })();

  return {
    /** What reached the failure destination, oldest first. */
    failures: () => [...failures],
    /**
     * Stops reading for a while (after the batch under way), then carries on where it was: for tests
     * showing that a request answers before its effects are delivered.
     */
    hold: (ms: number) => {
      heldUntil = Date.now() + ms;
      return { until: new Date(heldUntil).toISOString() };
    },
    release: () => {
      heldUntil = 0;
      wake?.();
    },
    /**
     * Leaves every record written so far unread and carries on with later ones (ending a hold): for
     * benchmarks that seed the table directly, as a migration would, and then count it by a rebuild instead.
     */
    skipToLatest: () =>
      new Promise<void>((resolve) => {
        skips.push(resolve);
        wake?.();
      }),
    stop: async () => {
      stopping = true;
      wake?.();
      await loop;
    },
  };
};

export type OutboxStream = Awaited<ReturnType<typeof startOutboxStream>>;
