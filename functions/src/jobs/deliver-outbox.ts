import { outboxHandlers } from '../outbox';
import { deliverPendingOutbox } from '../platform/outbox';

/** Items younger than this are still being delivered from the table's stream (the outbox Lambda). */
export const OUTBOX_MIN_AGE_MS = 30_000;

/**
 * The safety net behind the stream's deliverer: delivers what it did not (a crash, a timeout, SES or
 * DynamoDB errors beyond its retries, records the stream lost): pending items older than 30 s, oldest
 * first. Steps already done are skipped, so running twice or concurrently adds no chat message and (short
 * of a crash between a send and its mark) no mail.
 */
export const deliverOutbox = () => deliverPendingOutbox(outboxHandlers, { minAgeMs: OUTBOX_MIN_AGE_MS });
