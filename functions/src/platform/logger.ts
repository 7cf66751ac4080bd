/**
 * One structured JSON logger per process (Powertools). Never log secrets, tokens or health data:
 * log identifiers and outcomes only.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { LogItem } from '@aws-lambda-powertools/logger';

/**
 * Where a line goes instead of the console: the local runtime keeps each area's lines in a file for the
 * log viewer (docs/product.md#log-viewer), as CloudWatch keeps each Lambda's in the cloud. `line` is the
 * JSON the console would have printed, on one line; `level` is Powertools' number (WARN = 16).
 */
export type LogSink = (line: string, level: number) => void;

let sink: LogSink | undefined;

class SinkableLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    if (sink) sink(JSON.stringify(log.getAttributes(), this.getJsonReplacer()), logLevel);
    else super.printLog(logLevel, log);
  }
}

export const logger = new SinkableLogger({ serviceName: 'nutri' });

/** Sends every line to `next` (the local runtime), or back to the console with no argument. */
export const setLogSink = (next?: LogSink) => {
  sink = next;
};
