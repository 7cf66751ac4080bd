/**
 * Lambda entry of the scheduled jobs. EventBridge Scheduler invokes it with `{ "job": "<name>" }`;
 * the local scheduler calls it the same way.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../platform/logger';
import { isJobName, type JobName } from './definitions';
import { sweepConnections } from './sweep-connections';

const jobs: Record<JobName, () => Promise<unknown>> = {
  'sweep-connections': sweepConnections,
};

export interface JobEvent {
  job: string;
}

export const runJob = async (event: JobEvent) => {
  if (!isJobName(event.job)) throw new Error(`Unknown job: ${String(event.job)}`);
  const startedAt = Date.now();
  const result = await jobs[event.job]();
  logger.info('Job finished', {
    job: event.job,
    durationMs: Date.now() - startedAt,
    result: result as Record<string, unknown>,
  });
  return { job: event.job, result };
};

export const handler = middy<JobEvent, Awaited<ReturnType<typeof runJob>>>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(runJob);
