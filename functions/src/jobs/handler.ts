/**
 * Lambda entry of the scheduled jobs. EventBridge Scheduler invokes it with `{ "job": "<name>" }`;
 * the local scheduler calls it the same way.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../platform/logger';
import { isJobName, type JobName } from './definitions';
import { rematchUnassignedPatients } from '../onboarding/rematch-job';
import { sweepConnections } from './sweep-connections';
import {
  expireUnpaidBookings,
  sendAppointmentReminders,
  sendPaymentReminders,
} from '../bookings/booking-jobs';
import { deliverOutbox } from './deliver-outbox';
import { loadComuni } from '../billing/load-comuni';
import { issueOwedRefunds } from '../payments/refunds';
import { now } from '../platform/clock';

const jobs: Record<JobName, () => Promise<unknown>> = {
  'sweep-connections': sweepConnections,
  'load-comuni': () => loadComuni(now()),
  'rematch-unassigned-patients': rematchUnassignedPatients,
  'deliver-outbox': deliverOutbox,
  'expire-unpaid-bookings': expireUnpaidBookings,
  'payment-reminders': sendPaymentReminders,
  'appointment-reminders': sendAppointmentReminders,
  'issue-refunds': issueOwedRefunds,
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
