/**
 * SES delivery events (configuration set -> SNS topic -> the jobs Lambda; locally the local SES publishes
 * the same SNS events to the same handler). Every mail of the product produces events; only those of a
 * mail kind that tracks them are acted on, the rest are dropped here.
 */
import type { SNSEvent } from 'aws-lambda';
import { findUserByLogin } from '../accounts';
import { applyBookingMailEvent, BOOKING_MAIL_EVENT_TAG } from '../bookings';
import { applyChatMailEvent, CHAT_NOTIFICATION_MAIL_KIND } from '../chat';
import { mailEventsOf, tagValue, type MailEvent } from '../platform/mail-events';
import { recordUserMailEvent } from '../platform/mail-log';

/**
 * Every mail to someone with an account goes into their mail log (platform/mail-log.ts), for the back
 * office (docs/product.md#back-office). Recipients are looked up once per invocation.
 */
const logForRecipients = async (event: MailEvent, userIds: Map<string, string | null>) => {
  for (const address of event.destination) {
    const lower = address.trim().toLowerCase();
    if (!userIds.has(lower)) userIds.set(lower, (await findUserByLogin(lower))?.Id ?? null);
    const userId = userIds.get(lower);
    if (userId) await recordUserMailEvent(userId, event);
  }
};

export interface MailEventsResult {
  events: number;
  applied: number;
  /** Older than what was already recorded (SNS does not keep order). */
  stale: number;
  ignored: number;
}

export const handleMailEvents = async (event: SNSEvent): Promise<MailEventsResult> => {
  const result: MailEventsResult = { events: event.Records.length, applied: 0, stale: 0, ignored: 0 };
  const userIds = new Map<string, string | null>();
  for (const mailEvent of mailEventsOf(event)) {
    await logForRecipients(mailEvent, userIds);
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
