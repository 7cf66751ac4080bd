/** The privacy requests' jobs, delivered from the outbox (docs/product.md#privacy-centre). */
import { now } from '../platform/clock';
import { logger } from '../platform/logger';
import type { OutboxHandler, OutboxHandlers } from '../platform/outbox';
import { handlePrivacyErasure } from './erasure-job';
import { handlePrivacyExport } from './export-job';
import { PRIVACY_ERASURE_TOPIC, PRIVACY_EXPORT_TOPIC, markPrivacyRequestFailed } from './requests-repo';

/**
 * A job that throws marks its request `failed` at once, so the patient and the SystemAdmin see it (and the
 * system home counts it), then lets the error through: the outbox tries again later, and a run that
 * succeeds records `done`.
 */
const markingFailures =
  (handler: OutboxHandler): OutboxHandler =>
  async (entry, step) => {
    try {
      await handler(entry, step);
    } catch (error) {
      await markPrivacyRequestFailed(String(entry.Payload.requestId), now()).catch((markError: unknown) =>
        logger.error('Privacy request not marked failed', {
          outboxId: entry.OutboxId,
          reason: markError instanceof Error ? markError.name : 'Error',
        }),
      );
      throw error;
    }
  };

export const privacyOutboxHandlers: OutboxHandlers = {
  [PRIVACY_EXPORT_TOPIC]: markingFailures(handlePrivacyExport),
  [PRIVACY_ERASURE_TOPIC]: markingFailures(handlePrivacyErasure),
};
