/**
 * `GET SystemSettings/Logs` (docs/product.md#log-viewer): the structured logs by period, minimum level,
 * area, request id and user id, newest first, page by page, from CloudWatch Logs Insights in the cloud and
 * from the local runtime's files locally (log-source.ts). The lines hold ids and outcomes only, never
 * health data, tokens or secrets (tests/integration/log-secrets.test.ts holds the product to it).
 */
import {
  LOG_PAGE_SIZE,
  logSearchQuerySchema,
  logSearchTexts,
  type LogArea,
  type LogLineView,
  type LogSearchResponse,
} from '@nutri/shared';
import { AREAS } from '../route-table/types';
import { AppError } from '../http/errors';
import { defineOperation } from '../http/operation';
import { config } from '../platform/config';
import { levelsFrom, type LogSource, type RawLogLine } from './log-source';

/** The cloud's source when the log groups are named, the local files otherwise; loaded on first use. */
const logSource = async (): Promise<LogSource> => {
  const { LOCAL_LOG_DIR, LOG_GROUP_PREFIX, AWS_REGION } = config();
  if (LOCAL_LOG_DIR) return (await import('./log-source-local')).localLogSource(LOCAL_LOG_DIR);
  if (LOG_GROUP_PREFIX)
    return (await import('./log-source-cloudwatch')).cloudWatchLogSource(LOG_GROUP_PREFIX, AWS_REGION);
  throw new Error('No log source configured (LOG_GROUP_PREFIX or LOCAL_LOG_DIR)');
};

/**
 * Every Lambda's logs: the areas of the route table and the three background Lambdas (a new area that
 * LOG_AREAS does not name fails the type check here).
 */
const EVERY_LAMBDA = [...AREAS, 'jobs', 'outbox', 'aggregates'] as const satisfies readonly LogArea[];

/** A page ends at the instant of its last line; `skip` lines of that instant were shown already. */
interface Cursor {
  t: number;
  skip: number;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

const decodeCursor = (text: string): Cursor => {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (Number.isSafeInteger(value.t) && Number.isSafeInteger(value.skip) && value.skip! >= 0)
      return { t: value.t!, skip: value.skip! };
  } catch {
    // Answered below as any other unreadable cursor.
  }
  throw new AppError('validation_failed', logSearchTexts.invalidCursor, {
    errors: { cursor: [logSearchTexts.invalidCursor] },
  });
};

/** Fields every Powertools line carries, shown in their own columns or of no use when reading. */
const SHOWN_APART = new Set([
  'timestamp',
  'level',
  'message',
  'function_request_id',
  'user_id',
  'service',
  'sampling_rate',
  'cold_start',
  'function_arn',
  'function_memory_size',
  'function_name',
  'xray_trace_id',
]);
const DETAILS_MAX = 2000;

const toView = (line: RawLogLine): LogLineView => {
  const { fields } = line;
  const rest = Object.fromEntries(Object.entries(fields).filter(([key]) => !SHOWN_APART.has(key)));
  const details = Object.keys(rest).length ? JSON.stringify(rest) : '';
  return {
    At: new Date(line.atMs).toISOString(),
    Level: typeof fields.level === 'string' ? fields.level : '',
    Area: line.area,
    Message: typeof fields.message === 'string' ? fields.message : '',
    RequestId: typeof fields.function_request_id === 'string' ? fields.function_request_id : null,
    UserId: typeof fields.user_id === 'string' ? fields.user_id : null,
    Details: details.length > DETAILS_MAX ? `${details.slice(0, DETAILS_MAX)}…` : details,
  };
};

export const searchLogs = defineOperation(
  ['SystemAdmin'],
  { query: logSearchQuerySchema },
  async ({ query }): Promise<LogSearchResponse> => {
    const cursor = query.cursor ? decodeCursor(query.cursor) : null;
    const toMs = Math.min(Date.parse(query.to), cursor?.t ?? Infinity);
    const skip = cursor && cursor.t === toMs ? cursor.skip : 0;
    const source = await logSource();
    const lines = await source.newest(
      {
        fromMs: Date.parse(query.from),
        toMs,
        levels: levelsFrom(query.level),
        areas: query.area ? [query.area] : EVERY_LAMBDA,
        ...(query.requestId ? { requestId: query.requestId } : {}),
        ...(query.userId ? { userId: query.userId } : {}),
      },
      LOG_PAGE_SIZE + 1 + skip,
    );
    // The lines of the cursor's instant come first (newest first, none newer): the first `skip` were shown.
    const unseen = lines.filter((line, index) => !(index < skip && line.atMs === toMs));
    const shown = unseen.slice(0, LOG_PAGE_SIZE);
    const last = shown.at(-1);
    let next: string | null = null;
    if (last && unseen.length > LOG_PAGE_SIZE) {
      const sameInstant = shown.filter((line) => line.atMs === last.atMs).length;
      next = encodeCursor({ t: last.atMs, skip: sameInstant + (last.atMs === toMs ? skip : 0) });
    }
    return { Data: shown.map(toView), NextCursor: next };
  },
);
