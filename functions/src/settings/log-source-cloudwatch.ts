/**
 * The log viewer's cloud source: one CloudWatch Logs Insights query (StartQuery, then GetQueryResults until
 * it completes) on the log groups of the areas asked for, `<prefix><area>` (infra/lib/feature-wiring.ts).
 * Every value put in the query was validated first (levels and areas from fixed lists, ids of letters,
 * digits and dashes: shared/src/system-status.ts), and is quoted all the same.
 */
import {
  CloudWatchLogsClient,
  GetQueryResultsCommand,
  StartQueryCommand,
  StopQueryCommand,
  type ResultField,
} from '@aws-sdk/client-cloudwatch-logs';
import { AppError } from '../http/errors';
import { logSearchTexts } from '@nutri/shared';
import type { LogFilter, LogSource, RawLogLine } from './log-source';

/** API Gateway gives up at 29 s and the Lambda at its timeout: the query is abandoned well before. */
const QUERY_DEADLINE_MS = 8000;
const POLL_MS = 400;

let client: CloudWatchLogsClient | undefined;

const quoted = (value: string) => JSON.stringify(value);

/** The Insights query of a filter; the period is StartQuery's, refined to the millisecond here. */
export const insightsQuery = (filter: LogFilter, limit: number) =>
  [
    'fields @timestamp, @log, @message',
    `filter toMillis(@timestamp) >= ${filter.fromMs} and toMillis(@timestamp) <= ${filter.toMs}`,
    filter.levels ? `filter level in [${filter.levels.map(quoted).join(', ')}]` : null,
    filter.requestId ? `filter function_request_id = ${quoted(filter.requestId)}` : null,
    filter.userId ? `filter user_id = ${quoted(filter.userId)}` : null,
    'sort @timestamp desc',
    `limit ${limit}`,
  ]
    .filter(Boolean)
    .join('\n| ');

const fieldOf = (row: ResultField[], name: string) => row.find((field) => field.field === name)?.value;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const cloudWatchLogSource = (prefix: string, region: string): LogSource => ({
  newest: async (filter, limit) => {
    client ??= new CloudWatchLogsClient({ region });
    const { queryId } = await client.send(
      new StartQueryCommand({
        logGroupNames: filter.areas.map((area) => `${prefix}${area}`),
        startTime: Math.floor(filter.fromMs / 1000),
        endTime: Math.ceil(filter.toMs / 1000),
        queryString: insightsQuery(filter, limit),
        limit,
      }),
    );
    const deadline = Date.now() + QUERY_DEADLINE_MS;
    for (;;) {
      const answer = await client.send(new GetQueryResultsCommand({ queryId }));
      if (answer.status === 'Complete')
        return (answer.results ?? []).flatMap((row): RawLogLine[] => {
          const message = fieldOf(row, '@message') ?? '';
          let fields: Record<string, unknown>;
          try {
            fields = JSON.parse(message) as Record<string, unknown>;
          } catch {
            // The runtime's own lines (START, END, REPORT, a crash before the logger) are not JSON.
            fields = { message };
          }
          // `@log` is `<account>:<group>`; the area is the group's last segment.
          const area = (fieldOf(row, '@log') ?? '').split('/').pop() ?? '';
          // Insights gives `2026-01-02 03:04:05.678` in UTC.
          const atMs = Date.parse(`${(fieldOf(row, '@timestamp') ?? '').replace(' ', 'T')}Z`);
          return [{ atMs, area, fields }];
        });
      if (answer.status !== 'Running' && answer.status !== 'Scheduled')
        throw new Error(`Logs Insights query ended ${String(answer.status)}`);
      if (Date.now() > deadline) {
        await client.send(new StopQueryCommand({ queryId })).catch(() => undefined);
        throw new AppError('internal', logSearchTexts.unavailable);
      }
      await pause(POLL_MS);
    }
  },
});
