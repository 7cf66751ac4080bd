import type { HealthResponse } from '@nutri/shared';
import { defineOperation, HttpResponse } from '../http/operation';
import { logger } from '../platform/logger';
import { readHealthProbe } from './health-repo';

/** How long the health check waits for the table: a hung database must not hang the check too. */
const DATABASE_TIMEOUT_MS = 3000;
/** When a load balancer or monitor should ask again. */
const RETRY_AFTER_SECONDS = 5;

/**
 * `GET /api/v2/health`: ok only after a real DynamoDB round trip. While the database is unreachable it
 * answers 503 `{"status":"unavailable"}` with Retry-After, the answer monitors and load balancers expect
 * from a dependency outage (a 500 would say the check itself is broken).
 */
export const getHealth = defineOperation('public', {}, async (): Promise<HealthResponse | HttpResponse> => {
  try {
    await readHealthProbe(DATABASE_TIMEOUT_MS);
  } catch (error) {
    logger.warn('Health check: the database is unreachable', {
      error: error instanceof Error ? error.name : String(error),
    });
    return new HttpResponse(503, { status: 'unavailable' }, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
  return { status: 'ok' };
});
