/**
 * `GET SystemSettings/Status` (docs/product.md#system-settings): the system's state at a glance for the
 * SystemAdmin. Each figure is one bounded read: the jobs' last runs (one BatchGetItem of one item per job),
 * the outbox backlog (a counted Query of its sparse queue), the mails bounced, the questionnaire
 * deliveries and privacy jobs failed in the last 24 hours and the erasure requests waiting (counted Queries
 * of their sparse index ranges), the Stripe and WhatsApp webhook failures (a day of hourly counters each).
 * No Scan.
 */
import type { SystemStatus } from '@nutri/shared';
import { defineOperation } from '../http/operation';
import { jobDefinitions } from '../jobs';
import { countFailedTallyDeliveriesSince } from '../onboarding';
import { countFailedPrivacyRequestsSince, countWaitingErasureRequests } from '../privacy';
import { now } from '../platform/clock';
import { getLastJobRuns } from '../platform/job-runs';
import { countBouncedMailsSince } from '../platform/mail-log';
import { outboxBacklog } from '../platform/outbox';
import { countWebhookFailuresSince } from '../platform/webhook-failures';

const DAY_MS = 86_400_000;

export const getSystemStatus = defineOperation(['SystemAdmin'], {}, async (): Promise<SystemStatus> => {
  const at = now();
  const sinceDate = new Date(at.getTime() - DAY_MS);
  const since = sinceDate.toISOString();
  const [runs, backlog, bounced, tally, stripe, whatsApp, erasuresWaiting, privacyFailed] = await Promise.all(
    [
      getLastJobRuns(jobDefinitions.map((job) => job.name)),
      outboxBacklog(),
      countBouncedMailsSince(since),
      countFailedTallyDeliveriesSince(since),
      countWebhookFailuresSince('stripe', sinceDate, at),
      countWebhookFailuresSince('whatsapp', sinceDate, at),
      countWaitingErasureRequests(),
      countFailedPrivacyRequestsSince(since),
    ],
  );
  return {
    At: at.toISOString(),
    Jobs: jobDefinitions.map((job) => {
      const run = runs.get(job.name);
      return {
        Name: job.name,
        Description: job.description,
        LastRun: run
          ? {
              StartedAt: run.StartedAt,
              FinishedAt: run.FinishedAt,
              Outcome: run.Outcome,
              DurationMs: run.DurationMs,
              Error: run.Error,
            }
          : null,
      };
    }),
    OutboxPending: backlog.pending,
    OutboxOldestAt: backlog.oldestAt,
    BouncedMails24h: bounced,
    FailedWebhooks24h: tally + stripe + whatsApp,
    FailedWebhooksBySource: { Tally: tally, Stripe: stripe, WhatsApp: whatsApp },
    ErasureRequestsWaiting: erasuresWaiting,
    FailedPrivacyRequests24h: privacyFailed,
  };
});
