/**
 * The log viewer's adapter (docs/product.md#log-viewer, docs/decisions/0028-logviewer-logs.md): one
 * operation, "the newest lines matching a filter", answered by CloudWatch Logs Insights in the cloud and by
 * the local runtime's files locally, with the same result shape. The page logic (log-search.ts) is shared.
 */
import { LOG_LEVELS, type LogArea, type LogLevel } from '@nutri/shared';
import { config } from '../platform/config';

export interface LogFilter {
  /** Epoch milliseconds, both included. */
  fromMs: number;
  toMs: number;
  /** The levels wanted (a minimum level and every more severe one); null: all. */
  levels: readonly LogLevel[] | null;
  areas: readonly LogArea[];
  requestId?: string;
  userId?: string;
}

/** One line as its source gives it: when, from which area, and its JSON fields. */
export interface RawLogLine {
  atMs: number;
  area: string;
  fields: Record<string, unknown>;
}

export interface LogSource {
  /** At most `limit` lines of the filter, newest first (lines of the same millisecond in a stable order). */
  newest(filter: LogFilter, limit: number): Promise<RawLogLine[]>;
}

/** The levels at or above `minimum`. */
export const levelsFrom = (minimum: LogLevel | undefined): readonly LogLevel[] | null =>
  minimum ? LOG_LEVELS.slice(LOG_LEVELS.indexOf(minimum)) : null;

/** Whether a line's fields match the filter's level, request and user (the period and area are the source's). */
export const matchesFields = (filter: LogFilter, fields: Record<string, unknown>) =>
  (!filter.levels || filter.levels.includes(fields.level as LogLevel)) &&
  (!filter.requestId || fields.function_request_id === filter.requestId) &&
  (!filter.userId || fields.user_id === filter.userId);

/** The cloud's source when the log groups are named, the local files otherwise; loaded on first use. */
export const logSource = async (): Promise<LogSource> => {
  const { LOCAL_LOG_DIR, LOG_GROUP_PREFIX, AWS_REGION } = config();
  if (LOCAL_LOG_DIR) return (await import('./log-source-local')).localLogSource(LOCAL_LOG_DIR);
  if (LOG_GROUP_PREFIX)
    return (await import('./log-source-cloudwatch')).cloudWatchLogSource(LOG_GROUP_PREFIX, AWS_REGION);
  throw new Error('No log source configured (LOG_GROUP_PREFIX or LOCAL_LOG_DIR)');
};
