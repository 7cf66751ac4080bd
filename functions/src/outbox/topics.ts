import { loginOutboxHandlers } from '../accounts';
import { bookingOutboxHandlers } from '../bookings';
import { paymentOutboxHandlers } from '../payments';
import { presenceOutboxHandlers } from '../realtime';
import { privacyOutboxHandlers } from '../privacy';
import { siteOutboxHandlers } from '../site';
import type { OutboxHandlers } from '../platform/outbox';

/**
 * Every outbox topic with the handler that delivers it, for both deliverers (the stream's Lambda and the
 * deliver-outbox job); a feature writing a new topic adds it here.
 */
export const outboxHandlers: OutboxHandlers = {
  ...bookingOutboxHandlers,
  ...paymentOutboxHandlers,
  ...loginOutboxHandlers,
  ...presenceOutboxHandlers,
  ...privacyOutboxHandlers,
  ...siteOutboxHandlers,
};
