/**
 * SES delivery events (configuration set -> SNS topic -> the jobs Lambda; locally the local SES publishes
 * the same SNS events to the same handler). Every mail of the product produces events; only those of a
 * mail kind that tracks them are acted on, the rest are dropped here.
 */
import type { SNSEvent } from 'aws-lambda';
import { applyBookingMailEvent, BOOKING_MAIL_EVENT_TAG } from '../bookings';
import { applyChatMailEvent, CHAT_NOTIFICATION_MAIL_KIND } from '../chat';
import { mailEventsOf, tagValue } from '../platform/mail-events';

export interface MailEventsResult {
  events: number;
  applied: number;
  /** Older than what was already recorded (SNS does not keep order). */
  stale: number;
  ignored: number;
}

export const handleMailEvents = async (event: SNSEvent): Promise<MailEventsResult> => {
  const result: MailEventsResult = { events: event.Records.length, applied: 0, stale: 0, ignored: 0 };
  for (const mailEvent of mailEventsOf(event)) {
    // A booking mail's delivery status in the booking's history (docs/product.md#back-office-bookings).
    const bookingEvent = tagValue(mailEvent, BOOKING_MAIL_EVENT_TAG);
    if (bookingEvent) {
      const outcome = await applyBookingMailEvent(bookingEvent, mailEvent);
      if (outcome === 'applied') result.applied += 1;
      else if (outcome === 'stale') result.stale += 1;
      continue;
    }
    if (tagValue(mailEvent, 'kind') !== CHAT_NOTIFICATION_MAIL_KIND) continue;
    const outcome = await applyChatMailEvent(mailEvent);
    if (outcome === 'applied') result.applied += 1;
    else if (outcome === 'stale') result.stale += 1;
  }
  // Untracked types, other mails' events, unreadable messages, notifications no longer kept.
  result.ignored = result.events - result.applied - result.stale;
  return result;
};
