/** The privacy requests' jobs, delivered from the outbox (docs/product.md#privacy-centre). */
import type { OutboxHandlers } from '../platform/outbox';
import { handlePrivacyErasure } from './erasure-job';
import { handlePrivacyExport } from './export-job';
import { PRIVACY_ERASURE_TOPIC, PRIVACY_EXPORT_TOPIC } from './requests-repo';

export const privacyOutboxHandlers: OutboxHandlers = {
  [PRIVACY_EXPORT_TOPIC]: handlePrivacyExport,
  [PRIVACY_ERASURE_TOPIC]: handlePrivacyErasure,
};
