/**
 * The e-mail side of chat messages (docs/data-model.md H11–H15): the queue of messages waiting for a
 * notification, the recipient's lease on a conversation's notifications, and the notification items
 * `CHATMAIL#<notificationId>` / `CHATMAIL` that record which messages an e-mail covered and its last event.
 * Access patterns:
 * - queue entries older than a cutoff (gsi3 `CHATMAIL#QUEUE`, `gsi3sk < cutoff`);
 * - a conversation's queued messages from an index on (table, consistent, filtered on the queue key);
 * - a message leaves the queue (conditional update removing its gsi3 keys);
 * - claim / release a member's notification lease (conditional updates on the member item);
 * - put a notification once, record its SES id and its newest event; get it (table key).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, toEpochSeconds } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';
import { queryAll } from '../platform/db/query';
import type { MailEvent } from '../platform/mail-events';
import { CHAT_MAIL_QUEUE, memberKey, messageKey } from './chat-repo';

const notificationKey = (notificationId: string) => ({ pk: `CHATMAIL#${notificationId}`, sk: 'CHATMAIL' });

/** Delivery events come within days (opens and clicks may come later): the item is kept this long. */
const KEEP_NOTIFICATION_DAYS = 30;

export interface QueuedMessage {
  MessageIndex: number;
  AuthorId: string;
  DateCreated: string;
}

// Queue entries written before `cutoff` (gsi3 `CHATMAIL#QUEUE`): conversation and message index.
export async function* listDueQueueEntries(cutoff: string) {
  for await (const item of queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :queue AND gsi3sk < :cutoff',
    ExpressionAttributeValues: { ':queue': CHAT_MAIL_QUEUE, ':cutoff': cutoff },
  })) {
    yield { ConversationSid: String(item.ConversationSid), MessageIndex: Number(item.MessageIndex) };
  }
}

// The queued messages of a conversation from an index on (table, consistent: the index may lag).
export const listQueuedMessages = async (
  conversationSid: string,
  fromIndex: number,
): Promise<QueuedMessage[]> => {
  const items: QueuedMessage[] = [];
  for await (const item of queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    FilterExpression: 'gsi3pk = :queue',
    ExpressionAttributeValues: {
      ':pk': messageKey(conversationSid, 0).pk,
      ':from': messageKey(conversationSid, fromIndex).sk,
      ':to': 'MSG#~',
      ':queue': CHAT_MAIL_QUEUE,
    },
    ProjectionExpression: 'MessageIndex, AuthorId, DateCreated',
    ConsistentRead: true,
  })) {
    items.push({
      MessageIndex: Number(item.MessageIndex),
      AuthorId: String(item.AuthorId),
      DateCreated: String(item.DateCreated),
    });
  }
  return items;
};

// A message leaves the queue; `notificationId` when an e-mail covered it.
export const dequeueMessage = async (conversationSid: string, index: number, notificationId?: string) => {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(conversationSid, index),
        UpdateExpression: notificationId
          ? 'SET EmailNotificationSent = :true, EmailNotificationId = :id REMOVE gsi3pk, gsi3sk'
          : 'REMOVE gsi3pk, gsi3sk',
        ConditionExpression: 'attribute_exists(pk)',
        ...(notificationId ? { ExpressionAttributeValues: { ':true': true, ':id': notificationId } } : {}),
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

// Claims the member's notifications of one conversation until `lease`; false when another run holds them.
export const claimNotificationLease = (conversationSid: string, userId: string, at: Date, lease: string) =>
  writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: memberKey(conversationSid, userId),
        UpdateExpression: 'SET EmailNotifyLeaseUntil = :lease',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(EmailNotifyLeaseUntil) OR EmailNotifyLeaseUntil < :now)',
        ExpressionAttributeValues: { ':lease': lease, ':now': at.toISOString() },
      }),
    ),
  );

// Releases the lease, unless it ran out and another run took over (theirs now, left alone).
export const releaseNotificationLease = async (conversationSid: string, userId: string, lease: string) => {
  await writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: memberKey(conversationSid, userId),
        UpdateExpression: 'REMOVE EmailNotifyLeaseUntil',
        ConditionExpression: 'EmailNotifyLeaseUntil = :lease',
        ExpressionAttributeValues: { ':lease': lease },
      }),
    ),
  );
};

export interface NewChatMailNotification {
  NotificationId: string;
  ConversationSid: string;
  RecipientUserId: string;
  AuthorUserId: string;
  MessageIndexes: number[];
  at: Date;
}

// Records a notification once, before its mail is sent, so no delivery event arrives before its item.
export const putChatMailNotification = async ({ at, ...notification }: NewChatMailNotification) => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...notificationKey(notification.NotificationId),
        type: 'ChatMailNotification',
        ...notification,
        CreatedAt: at.toISOString(),
        expiresAt: toEpochSeconds(at) + KEEP_NOTIFICATION_DAYS * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

// The SES id of the notification's mail.
export const setNotificationSesMessageId = async (notificationId: string, sesMessageId: string) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: notificationKey(notificationId),
      UpdateExpression: 'SET SesMessageId = :id',
      ExpressionAttributeValues: { ':id': sesMessageId },
    }),
  );
};

/** The notification item (tests and support): which messages an e-mail covered and its last event. */
export const getChatMailNotification = async (notificationId: string) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: notificationKey(notificationId), ConsistentRead: true }),
  );
  return Item ?? null;
};

type MailEventRecord = Pick<MailEvent, 'event' | 'at' | 'sesMessageId'>;

/**
 * Records an event on the notification unless a newer one is there: the notification as updated;
 * 'stale' when a newer event of this mail was recorded; 'unknown' when there is no such notification or
 * it belongs to another mail.
 */
export const recordNotificationEvent = async (
  notificationId: string,
  event: MailEventRecord,
): Promise<Record<string, unknown> | 'stale' | 'unknown'> => {
  try {
    const updated = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: notificationKey(notificationId),
        UpdateExpression:
          'SET LastEvent = :event, LastEventAt = :at, SesMessageId = if_not_exists(SesMessageId, :mid)',
        // The tag names the item; an SES id already recorded on it must be this mail's.
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(SesMessageId) OR SesMessageId = :mid) AND (attribute_not_exists(LastEventAt) OR LastEventAt <= :at)',
        ExpressionAttributeValues: { ':event': event.event, ':at': event.at, ':mid': event.sesMessageId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return updated.Attributes ?? 'unknown';
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const notification = await getChatMailNotification(notificationId);
    return notification?.SesMessageId === event.sesMessageId ? 'stale' : 'unknown';
  }
};

// Records an event on a message an e-mail covered, unless a newer event (of another mail) is there.
export const recordMessageMailEvent = async (
  conversationSid: string,
  index: number,
  event: MailEventRecord,
) => {
  await writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(conversationSid, index),
        UpdateExpression:
          'SET EmailNotificationSent = :true, EmailLastEvent = :event, EmailLastEventAt = :at',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(EmailLastEventAt) OR EmailLastEventAt <= :at)',
        ExpressionAttributeValues: { ':true': true, ':event': event.event, ':at': event.at },
      }),
    ),
  );
};
