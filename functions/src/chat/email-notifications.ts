/**
 * E-mails about unseen chat messages (job `notify-unseen-chat-messages`) and the SES delivery events of
 * those e-mails. See docs/decisions/0011-chat.md (notifications) and docs/data-model.md (H11–H15).
 *
 * - Queue: a text or file message a person wrote is appended with gsi3 `CHATMAIL#QUEUE` /
 *   `<DateCreated>#<sid>#<index>` (chat-repo.ts). The job reads the entries older than
 *   CHAT_EMAIL_NOTIFICATION_DELAY_MS, then per conversation every queued message from the oldest due one.
 * - Seen (index <= the recipient's LastSeenMessageIndex): leaves the queue, no mail.
 * - Unseen: ONE e-mail to the recipient for all of them (also the younger ones of that conversation, so a
 *   burst of messages is one mail), then each message gets EmailNotificationSent and leaves the queue,
 *   and the author's tabs get `EmailNotificationSent`.
 * - Exactly one worker per recipient and conversation: a 2-minute lease on the recipient's member item.
 *   After the claim everything is read again, so a run that lost the race to a finished one finds the
 *   queue empty. Mail is at least once, as for the outbox (decision 0008): a crash between SES accepting
 *   the mail and the marks sends it again once the lease has passed.
 * - Events: the notification item `CHATMAIL#<notificationId>` lists the messages; its id travels as the
 *   mail's `notification` tag, so an event finds it even if it arrives before the SES MessageId is
 *   recorded. Events may arrive out of order: only an event newer than the last one recorded applies.
 * The queue, the lease and the notification items are read and written by chat-mail-repo.ts.
 */
import { CHAT_EMAIL_NOTIFICATION_DELAY_MS, type EmailEvent } from '@nutri/shared';
import { optionalMailLinks, getUser } from '../accounts';
import { getNutritionistProfile } from '../nutritionists';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { newId } from '../platform/ids';
import { logger } from '../platform/logger';
import { sendMail } from '../platform/mail';
import { tagValue, type MailEvent } from '../platform/mail-events';
import {
  claimNotificationLease,
  dequeueMessage,
  getChatMailNotification,
  listDueQueueEntries,
  listQueuedMessages,
  putChatMailNotification,
  recordMessageMailEvent,
  recordNotificationEvent,
  releaseNotificationLease,
  setNotificationSesMessageId,
} from './chat-mail-repo';
import { getConversation, listMembers, type ConversationMember } from './chat-repo';
import { chatNotificationMail } from './email-notification-mail';
import { pushToUsers } from './push';

/** The `kind` tag of these mails; the event handler acts only on mails carrying it. */
export const CHAT_NOTIFICATION_MAIL_KIND = 'chat-notification';
/** How long one run owns a recipient's notification; a crashed run's claim is free again after this. */
const LEASE_MS = 2 * 60_000;
/** Conversations handled at the same time by one run. */
const CONCURRENCY = 4;

export interface NotifyResult {
  /** Conversations with a message unseen for longer than the delay. */
  conversations: number;
  mailed: number;
  /** Messages seen in time: left the queue without a mail. */
  seen: number;
  /** Messages whose recipient has no address or unsubscribed. */
  skipped: number;
  /** Recipients another run was working on. */
  busy: number;
}

const inBatches = async <T>(items: readonly T[], size: number, run: (item: T) => Promise<unknown>) => {
  for (let start = 0; start < items.length; start += size)
    await Promise.all(items.slice(start, start + size).map(run));
};

// Claims the recipient's notifications of one conversation for LEASE_MS; null when another run holds them.
const claim = async (conversationSid: string, userId: string, at: Date) => {
  const lease = new Date(at.getTime() + LEASE_MS).toISOString();
  return (await claimNotificationLease(conversationSid, userId, at, lease)) ? lease : null;
};

const recipientOf = (members: readonly ConversationMember[], authorId: string) =>
  members.find((member) => member.UserId !== authorId && member.OtherUserId === authorId);

/**
 * One recipient's unseen messages of one conversation, under the claim: read again, the seen ones leave
 * the queue, and if one of the rest is due, one e-mail covers them all.
 */
const notifyRecipient = async (
  conversationSid: string,
  fromIndex: number,
  recipientId: string,
  at: Date,
  cutoff: string,
  result: NotifyResult,
) => {
  const lease = await claim(conversationSid, recipientId, at);
  if (!lease) {
    result.busy += 1;
    return;
  }
  try {
    const [queued, members] = await Promise.all([
      listQueuedMessages(conversationSid, fromIndex),
      listMembers(conversationSid),
    ]);
    const recipient = members.find((member) => member.UserId === recipientId);
    if (!recipient) return;
    const lastSeen = recipient.LastSeenMessageIndex ?? -1;
    const toRecipient = queued.filter((message) => message.AuthorId === recipient.OtherUserId);
    const seen = toRecipient.filter((message) => message.MessageIndex <= lastSeen);
    const unseen = toRecipient.filter((message) => message.MessageIndex > lastSeen);
    await inBatches(seen, 10, (message) => dequeueMessage(conversationSid, message.MessageIndex));
    result.seen += seen.length;
    if (!unseen.some((message) => message.DateCreated < cutoff)) return;

    const authorId = recipient.OtherUserId;
    const [user, author] = await Promise.all([getUser(recipientId), getUser(authorId)]);
    // No address (a deleted account) or unsubscribed from our mails: nothing to send, the queue moves on.
    const unsubscribe = await optionalMailLinks(user);
    if (!user || !unsubscribe) {
      await inBatches(unseen, 10, (message) => dequeueMessage(conversationSid, message.MessageIndex));
      result.skipped += unseen.length;
      return;
    }
    const authorIsNutritionist = recipient.Role === 'Patient';
    const profile = authorIsNutritionist ? await getNutritionistProfile(authorId) : null;
    const indexes = unseen.map((message) => message.MessageIndex);
    const notificationId = newId();
    // Recorded before the send, so a delivery event can never arrive before the item it updates.
    await putChatMailNotification({
      NotificationId: notificationId,
      ConversationSid: conversationSid,
      RecipientUserId: recipientId,
      AuthorUserId: authorId,
      MessageIndexes: indexes,
      at,
    });
    const mail = chatNotificationMail({
      count: indexes.length,
      recipientName: user.Name,
      authorName: author?.DisplayName ?? (authorIsNutritionist ? 'la tua nutrizionista' : 'un paziente'),
      ...(authorIsNutritionist ? { authorNutritionistTitle: profile?.PersonalTitle ?? null } : {}),
      authorUserId: authorId,
      baseUrl: config().PUBLIC_BASE_URL,
      unsubscribe,
    });
    const sesMessageId = await sendMail({
      to: user.Email,
      ...mail,
      tags: { kind: CHAT_NOTIFICATION_MAIL_KIND, notification: notificationId },
    });
    if (sesMessageId) await setNotificationSesMessageId(notificationId, sesMessageId);
    await inBatches(indexes, 10, (index) => dequeueMessage(conversationSid, index, notificationId));
    result.mailed += 1;
    // A delivery event may already have come in while the messages were being marked.
    const Item = await getChatMailNotification(notificationId);
    await pushToUsers([authorId], {
      type: 'EmailNotificationSent',
      ConversationSid: conversationSid,
      MessageIndexes: indexes,
      EmailLastEvent: typeof Item?.LastEvent === 'string' ? (Item.LastEvent as EmailEvent) : null,
      EmailLastEventAt: typeof Item?.LastEventAt === 'string' ? Item.LastEventAt : null,
    });
  } finally {
    await releaseNotificationLease(conversationSid, recipientId, lease);
  }
};

// The due conversation: which members have queued messages from others, then each under its own claim.
const notifyConversation = async (
  conversationSid: string,
  fromIndex: number,
  at: Date,
  cutoff: string,
  result: NotifyResult,
) => {
  const [queued, members, conversation] = await Promise.all([
    listQueuedMessages(conversationSid, fromIndex),
    listMembers(conversationSid),
    getConversation(conversationSid),
  ]);
  if (!conversation) return;
  const recipients = new Set<string>();
  for (const message of queued) {
    const recipient = recipientOf(members, message.AuthorId);
    if (recipient) recipients.add(recipient.UserId);
    // Not written by a member (cannot happen through the chat): nobody to tell, off the queue.
    else await dequeueMessage(conversationSid, message.MessageIndex);
  }
  for (const recipientId of recipients)
    await notifyRecipient(conversationSid, fromIndex, recipientId, at, cutoff, result);
};

/**
 * The job: e-mails the recipients of messages unseen for CHAT_EMAIL_NOTIFICATION_DELAY_MS, one mail per
 * recipient and conversation for all their unseen messages. Safe to run twice, late or concurrently.
 */
export const notifyUnseenChatMessages = async (): Promise<NotifyResult> => {
  const at = now();
  const cutoff = new Date(at.getTime() - CHAT_EMAIL_NOTIFICATION_DELAY_MS).toISOString();
  const due = new Map<string, number>();
  for await (const { ConversationSid: sid, MessageIndex: index } of listDueQueueEntries(cutoff))
    due.set(sid, Math.min(due.get(sid) ?? index, index));
  const result: NotifyResult = { conversations: due.size, mailed: 0, seen: 0, skipped: 0, busy: 0 };
  const entries = [...due.entries()];
  await inBatches(entries, CONCURRENCY, async ([sid, fromIndex]) => {
    try {
      await notifyConversation(sid, fromIndex, at, cutoff, result);
    } catch (error) {
      // One conversation's failure (e.g. SES throttling) must not hold back the others; the next run retries.
      logger.warn('Chat notification failed', {
        conversationSid: sid,
        reason: error instanceof Error ? error.name : 'Error',
      });
    }
  });
  return result;
};

export type ChatMailEventOutcome = 'applied' | 'stale' | 'unknown';

/**
 * Records an SES event of a chat notification mail on the notification and on each message it covered,
 * unless a newer event is already there, then tells the author's tabs.
 */
export const applyChatMailEvent = async (event: MailEvent): Promise<ChatMailEventOutcome> => {
  const notificationId = tagValue(event, 'notification');
  if (!notificationId) return 'unknown';
  const notification = await recordNotificationEvent(notificationId, event);
  if (notification === 'stale' || notification === 'unknown') return notification;
  const conversationSid = String(notification.ConversationSid);
  const indexes = (notification.MessageIndexes as unknown[]).map(Number);
  // A newer event of another mail covering a message (a repeated notification) already applies there.
  await inBatches(indexes, 10, (index) => recordMessageMailEvent(conversationSid, index, event));
  await pushToUsers([String(notification.AuthorUserId)], {
    type: 'EmailNotificationSent',
    ConversationSid: conversationSid,
    MessageIndexes: indexes,
    EmailLastEvent: event.event,
    EmailLastEventAt: event.at,
  });
  return 'applied';
};
