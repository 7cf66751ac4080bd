/**
 * What every benchmark does around its measurements: start a local stack of its own (and point the
 * functions code it imports at that stack), call its dev routes, stop it (reporting any process left behind
 * as a failure) and stop cleanly on Ctrl-C.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LocalStackStartError, startLocalStack, type RunningLocalStack } from '../lib/local-stack.mjs';

/** Stops the stack; processes left after the stop are reported and make the run fail. */
export const stopStack = async (running: RunningLocalStack | undefined) => {
  const report = await running?.stop();
  if (report?.leftovers.length) {
    console.error(
      `Processes left after stopping the stack (killed): ${report.leftovers.map((item) => item.pid).join(', ')}`,
    );
    process.exitCode = 1;
  }
};

/** Points the functions code imported by a benchmark at the stack (the configuration its own runtime uses). */
const configureFor = (stack: RunningLocalStack) => {
  const { info } = stack;
  Object.assign(process.env, {
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_REGION: info.region,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    TABLE_NAME: info.tableName,
    DYNAMODB_ENDPOINT: info.dynamoEndpoint,
    S3_ENDPOINT: info.s3Endpoint,
    FILES_BUCKET: info.filesBucket,
    ASSETS_BUCKET: info.assetsBucket,
    ASSETS_BASE_URL: `${info.baseUrl}/media`,
    SES_ENDPOINT: info.sesEndpoint,
    PUBLIC_BASE_URL: info.baseUrl,
    JWT_KEYS_JSON: readFileSync(path.join(info.dataDir, 'keys', 'jwt.json'), 'utf8'),
    POWERTOOLS_LOG_LEVEL: 'WARN',
  });
};

/**
 * Starts a quiet local stack (free port, fresh temporary data directory; `countCalls`: see call-counts.ts),
 * printing what it said when it failed to start, and points the functions code at it, so a benchmark may
 * seed data through the real repositories. A stack that started but cannot be configured is stopped before the error is thrown.
 */
export const startStack = async ({ countCalls = false, timeoutMs = 180_000 } = {}) => {
  let stack: RunningLocalStack;
  try {
    // Counting the handlers' DynamoDB calls (infra/local/call-counter.ts) costs a little on every call: only
    // the benchmarks that print the counts ask for it.
    stack = await startLocalStack({
      quiet: true,
      timeoutMs,
      env: countCalls ? { NUTRI_COUNT_CALLS: '1' } : {},
    });
  } catch (error) {
    if (error instanceof LocalStackStartError) console.error(error.output);
    throw error;
  }
  try {
    configureFor(stack);
  } catch (error) {
    await stopStack(stack);
    throw error;
  }
  return stack;
};

/**
 * POSTs to one of the local stack's dev routes (`/dev/<route>`, e.g. holding a stream reader); throws
 * unless it is answered 2xx.
 */
export const postToStack = async (baseUrl: string, route: string) => {
  const response = await fetch(`${baseUrl}/dev/${route}`, { method: 'POST' });
  // Read to the end, so the connection is free for the next call.
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`POST /dev/${route}: ${response.status}`);
};

/** Runs `cleanUp` on SIGINT or SIGTERM, then exits with 130. */
export const cleanUpOnSignals = (cleanUp: () => Promise<void>) => {
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping.`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
};

/** Runs the benchmark's main: a failure prints its message alone and makes the exit code 1. */
export const runBenchmark = (main: () => Promise<void>) => {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
};
