/**
 * The local runtime's CloudWatch: every JSON line the handlers log (Powertools, functions/src/platform/
 * logger.ts) goes to `<dataDir>/logs/<area>.log`, one file per Lambda as one log group per Lambda in the
 * cloud, where the log viewer's local adapter reads them (docs/product.md#log-viewer). Warnings and errors
 * are also printed to the terminal, as before.
 *
 * In the cloud each Lambda container runs one invocation at a time; here every area shares one process and
 * one logger, so the Lambda context the logger keeps may be another concurrent invocation's. Each
 * invocation therefore runs in an AsyncLocalStorage context (handlers.ts) and its lines get their true
 * `function_name` and `function_request_id` from it.
 *
 * Files stay bounded: past MAX_FILE_BYTES the file becomes `<area>.log.1` (the previous one is dropped).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setLogSink } from '@nutri/functions/platform/logger';

export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Powertools' WARN. */
const WARN = 16;
/** Lines logged outside any invocation (start-up, seeding). */
const RUNTIME_AREA = 'local';

interface Invocation {
  area: string;
  requestId: string;
}

const invocations = new AsyncLocalStorage<Invocation>();

/** Runs one Lambda invocation so that its log lines are filed under its area and carry its request id. */
export const runInvocation = <T>(area: string, requestId: string, run: () => T): T =>
  invocations.run({ area, requestId }, run);

export const logFilePath = (logDir: string, area: string) => join(logDir, `${area}.log`);

export const startLogFiles = (logDir: string, echo: (line: string) => void) => {
  mkdirSync(logDir, { recursive: true });
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      try {
        size = statSync(file).size;
      } catch {
        size = 0;
      }
    }
    return size;
  };
  setLogSink((json, level) => {
    const invocation = invocations.getStore();
    const area = invocation?.area ?? RUNTIME_AREA;
    const line = invocation
      ? JSON.stringify({
          ...(JSON.parse(json) as Record<string, unknown>),
          function_name: `nutri-${invocation.area}`,
          function_request_id: invocation.requestId,
        })
      : json;
    const file = logFilePath(logDir, area);
    let size = sizeOf(file);
    if (size > MAX_FILE_BYTES) {
      renameSync(file, `${file}.1`);
      size = 0;
    }
    // Synchronous on purpose: a line is in its file before the request answers, so a search right after
    // finds it (an append of a few hundred bytes).
    appendFileSync(file, `${line}\n`);
    sizes.set(file, size + Buffer.byteLength(line) + 1);
    if (level >= WARN) echo(line);
  });
  return { stop: () => setLogSink() };
};
