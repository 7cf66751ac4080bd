/**
 * Lambda entry of the background work. EventBridge Scheduler invokes it with `{ "job": "<name>" }` (the
 * local scheduler calls it the same way); the SES delivery events topic invokes it with SNS records (the
 * local SES publishes the same events), handled by ./mail-events.ts.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../platform/logger';
import { isJobName, type JobName } from './definitions';
import { now } from '../platform/clock';
import { isSnsEvent } from '../platform/mail-events';
import { recordJobRun } from '../platform/job-runs';
import type { SNSEvent } from 'aws-lambda';

/**
 * Each invocation runs one job, so each job's code loads on first use: a cold start reads only this entry
 * (docs/decisions/0017-lean-lambdas.md).
 */
const jobs: Record<JobName, () => Promise<unknown>> = {
  'sweep-connections': async () => (await import('./sweep-connections')).sweepConnections(),
  'load-comuni': async () => (await import('../billing')).loadComuni(now()),
  'rematch-unassigned-patients': async () => {
    const [onboarding, { announcePairing }, { isBillingProfileComplete }] = await Promise.all([
      import('../onboarding'),
      import('../chat'),
      import('../billing'),
    ]);
    // The late matching announces pairings like onboarding's own Lambda does.
    onboarding.connectOnboarding({ announcePairing, isBillingProfileComplete });
    return onboarding.rematchUnassignedPatients();
  },
  'deliver-outbox': async () => (await import('./deliver-outbox')).deliverOutbox(),
  'expire-unpaid-bookings': async () => (await import('../bookings')).expireUnpaidBookings(),
  'payment-reminders': async () => (await import('../bookings')).sendPaymentReminders(),
  'appointment-reminders': async () => (await import('../bookings')).sendAppointmentReminders(),
  'issue-refunds': async () => (await import('../payments')).issueOwedRefunds(),
  'invoice-reminders': async () => (await import('../payments')).sendInvoiceReminders(now()),
  'notify-unseen-chat-messages': async () => (await import('../chat')).notifyUnseenChatMessages(),
  'index-patient-names': async () => (await import('../onboarding')).indexAllPatientNames(),
  'index-back-office': async () => {
    const [accounts, billing, bookings, onboarding] = await Promise.all([
      import('../accounts'),
      import('../billing'),
      import('../bookings'),
      import('../onboarding'),
    ]);
    return {
      patients: await accounts.indexAllPatientsForSearch(billing.activeCodiceFiscale),
      bookings: await bookings.indexAllAdminBookings(),
      consents: await onboarding.indexAllConsentsForExport(),
    };
  },
  'regenerate-public-pages': async () => (await import('../site')).regeneratePublicPages(),
  'rebuild-dashboards': async () => {
    const { rebuildAggregates } = await import('../dashboards');
    // Repaired only where something differs: a quiet table is left as it is.
    const report = await rebuildAggregates({ repair: false });
    return report.differenceCount ? rebuildAggregates({ repair: true }) : report;
  },
};

const recordRun = (name: JobName, startedAt: number, error: unknown) => {
  const finishedAt = Date.now();
  return recordJobRun({
    Name: name,
    StartedAt: new Date(startedAt).toISOString(),
    FinishedAt: new Date(finishedAt).toISOString(),
    Outcome: error ? 'failed' : 'ok',
    DurationMs: finishedAt - startedAt,
    Error: error ? (error instanceof Error ? error.name : 'Error') : null,
  });
};

export interface JobEvent {
  job: string;
}

export const runJob = async (event: JobEvent) => {
  if (!isJobName(event.job)) throw new Error(`Unknown job: ${String(event.job)}`);
  const startedAt = Date.now();
  let result: unknown;
  try {
    result = await jobs[event.job]();
  } catch (error) {
    // The /SystemSettings home shows each job's last outcome (docs/product.md#system-settings); a failed
    // record write must not hide the job's own error, which is what the scheduler retries on.
    await recordRun(event.job, startedAt, error).catch(() => undefined);
    throw error;
  }
  await recordRun(event.job, startedAt, null);
  logger.info('Job finished', {
    job: event.job,
    durationMs: Date.now() - startedAt,
    result: result as Record<string, unknown>,
  });
  return { job: event.job, result };
};

/** SES delivery events from SNS. */
export const runMailEvents = async (event: SNSEvent) => {
  const { handleMailEvents } = await import('./mail-events');
  const result = await handleMailEvents(event);
  logger.info('Mail events handled', { result: { ...result } });
  return result;
};

export const handler = middy<JobEvent | SNSEvent, unknown>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler((event) => (isSnsEvent(event) ? runMailEvents(event) : runJob(event)));
