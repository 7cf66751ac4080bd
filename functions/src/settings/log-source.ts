/**
 * The log viewer's adapter (docs/product.md#log-viewer, docs/decisions/0029-logviewer-logs.md): one
 * operation, "the newest lines matching a filter", answered by CloudWatch Logs Insights in the cloud and by
 * the local runtime's files locally, with the same result shape. The page logic (log-search.ts) is shared.
 */
import { LOG_LEVELS, type LogArea, type LogLevel } from '@nutri/shared';

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
