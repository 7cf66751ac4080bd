/**
 * The last run of each scheduled job (docs/product.md#system-settings: the /SystemSettings home), written by
 * the jobs Lambda itself at the end of every run, in the cloud and locally alike.
 * - Job run `JOBRUN#<name>` / `LAST`: Name, StartedAt, FinishedAt, Outcome (`ok` | `failed`), DurationMs,
 *   Error (the error's name only: a message may quote data). No TTL: one item per job, overwritten.
 * Access patterns: put the last run (one PutItem per run); every job's last run (one BatchGetItem).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from './db/batch-get';
import { db, tableName } from './db/client';

export interface JobRun {
  Name: string;
  StartedAt: string;
  FinishedAt: string;
  Outcome: 'ok' | 'failed';
  DurationMs: number;
  Error: string | null;
}

const runKey = (name: string) => ({ pk: `JOBRUN#${name}`, sk: 'LAST' });

// Record a job's run (overwrites the previous one: only the last run is shown).
export const recordJobRun = async (run: JobRun) => {
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...runKey(run.Name), type: 'JobRun', ...run } }),
  );
};

// The last run of each named job; a job never run (since this record exists) is absent from the map.
export const getLastJobRuns = async (names: readonly string[]): Promise<Map<string, JobRun>> => {
  const items = await batchGet(names.map(runKey));
  return new Map(
    items.map((item) => [
      String(item.Name),
      {
        Name: String(item.Name),
        StartedAt: String(item.StartedAt),
        FinishedAt: String(item.FinishedAt),
        Outcome: item.Outcome === 'failed' ? 'failed' : 'ok',
        DurationMs: Number(item.DurationMs),
        Error: typeof item.Error === 'string' ? item.Error : null,
      },
    ]),
  );
};
