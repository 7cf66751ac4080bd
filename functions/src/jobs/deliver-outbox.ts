import { loginOutboxHandlers } from '../accounts';
import { bookingOutboxHandlers } from '../bookings';
import { paymentOutboxHandlers } from '../payments';
import { deliverPendingOutbox, type OutboxHandlers } from '../platform/outbox';

/** Every outbox topic with the handler that delivers it; a feature writing a new topic adds it here. */
export const outboxHandlers: OutboxHandlers = {
  ...bookingOutboxHandlers,
  ...paymentOutboxHandlers,
  ...loginOutboxHandlers,
};

/** Items younger than this are still being delivered by the process that wrote them. */
export const OUTBOX_MIN_AGE_MS = 30_000;

/**
 * Delivers what the in-process delivery after a commit did not (crash, timeout, SES or DynamoDB error):
 * pending items older than 30 s, oldest first. Steps already done are skipped, so running twice or
 * concurrently adds no chat message and (short of a crash between a send and its mark) no mail.
 */
export const deliverOutbox = () => deliverPendingOutbox(outboxHandlers, { minAgeMs: OUTBOX_MIN_AGE_MS });
