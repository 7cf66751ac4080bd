/**
 * Lambda entry of the background work. EventBridge Scheduler invokes it with `{ "job": "<name>" }` (the
 * local scheduler calls it the same way); the SES delivery events topic invokes it with SNS records (the
 * local SES publishes the same events), handled by ./mail-events.ts.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../platform/logger';
import { isJobName, type JobName } from './definitions';
import { connectOnboarding, rematchUnassignedPatients, indexAllPatientNames } from '../onboarding';
import { sweepConnections } from './sweep-connections';
import { expireUnpaidBookings, sendAppointmentReminders, sendPaymentReminders } from '../bookings';
import { deliverOutbox } from './deliver-outbox';
import { isBillingProfileComplete, loadComuni } from '../billing';
import { issueOwedRefunds } from '../payments';
import { now } from '../platform/clock';
import { isSnsEvent } from '../platform/mail-events';
import { announcePairing, notifyUnseenChatMessages } from '../chat';
import { handleMailEvents } from './mail-events';
import type { SNSEvent } from 'aws-lambda';

// The late matching of the rematch job announces pairings like onboarding's own Lambda does.
connectOnboarding({ announcePairing, isBillingProfileComplete });

const jobs: Record<JobName, () => Promise<unknown>> = {
  'sweep-connections': sweepConnections,
  'load-comuni': () => loadComuni(now()),
  'rematch-unassigned-patients': rematchUnassignedPatients,
  'deliver-outbox': deliverOutbox,
  'expire-unpaid-bookings': expireUnpaidBookings,
  'payment-reminders': sendPaymentReminders,
  'appointment-reminders': sendAppointmentReminders,
  'issue-refunds': issueOwedRefunds,
  'notify-unseen-chat-messages': notifyUnseenChatMessages,
  'index-patient-names': indexAllPatientNames,
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

/** SES delivery events from SNS. */
export const runMailEvents = async (event: SNSEvent) => {
  const result = await handleMailEvents(event);
  logger.info('Mail events handled', { result: { ...result } });
  return result;
};

export const handler = middy<JobEvent | SNSEvent, unknown>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler((event) => (isSnsEvent(event) ? runMailEvents(event) : runJob(event)));
