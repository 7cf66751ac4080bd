/**
 * Conversations and chat messages (docs/product.md#data: Chat message, Conversation). One
 * conversation per patient–nutritionist pair; its messages are numbered 0, 1, 2 … with no gap and no
 * duplicate, whatever the number of concurrent senders.
 * - Conversation `CONV#<sid>` / `CONV`: both members, `MaxMessageIndex` (absent while empty),
 *   `LastMessageDate`. The sid is derived from the pair, so "the pair's conversation" is a GetItem and
 *   creating it twice is a failed condition, not a second conversation.
 * - Member `CONV#<sid>` / `MEMBER#<userId>`, gsi1 `CONVERSATIONS#<userId>` / `<other userId>`: a user's
 *   conversations (the chat's list); per-member state: `LastSeenMessageIndex` (only moves forward) and
 *   `IsArchived` (the nutritionist's archive).
 * - Message `CONV#<sid>` / `MSG#<index, 10 digits>`: spec fields; history pages backwards on the sort key.
 * - Message id guard `CONV#<sid>` / `MSGID#<MessageId>`: holds the index of the message with that id.
 * Appending is one transaction: bump `MaxMessageIndex` on the condition that it still has the value read,
 * put the message and the id guard with attribute_not_exists. A concurrent sender makes the condition
 * fail and the append is retried on the new value; a repeated MessageId makes the guard fail and the
 * existing message is returned instead (idempotent appends, e.g. an outbox delivered twice).
 * Access patterns: get the pair's conversation (table key); a user's conversations (gsi1); messages
 * newest first before an index (table, descending on sk); a message by MessageId (guard -> message).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  notifiesByEmail,
  type ChatMessage,
  type ChatMessageAttributes,
  type EmailEvent,
} from '@nutri/shared';
import { db, tableName } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';
import { queryAll } from '../platform/db/query';
import { transact, transactWithReason, type TransactItem } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';

export interface Conversation {
  ConversationSid: string;
  PatientUserId: string;
  NutritionistUserId: string;
  /** Index of the newest message; null while the conversation has none. */
  MaxMessageIndex: number | null;
  LastMessageDate: string | null;
  createdAt: string;
}

const partition = (conversationSid: string) => `CONV#${conversationSid}`;
const conversationKey = (conversationSid: string) => ({ pk: partition(conversationSid), sk: 'CONV' });
export const memberKey = (conversationSid: string, userId: string) => ({
  pk: partition(conversationSid),
  sk: `MEMBER#${userId}`,
});
export const messageKey = (conversationSid: string, index: number) => ({
  pk: partition(conversationSid),
  sk: `MSG#${String(index).padStart(10, '0')}`,
});
const messageIdKey = (conversationSid: string, messageId: string) => ({
  pk: partition(conversationSid),
  sk: `MSGID#${messageId}`,
});
export const conversationsPartition = (userId: string) => `CONVERSATIONS#${userId}`;

/** The pair's conversation id: `CH` + 32 hex characters (the format of the spec's ConversationSid). */
export const conversationSidFor = (patientUserId: string, nutritionistUserId: string) =>
  `CH${createHash('sha256').update(`${patientUserId}\n${nutritionistUserId}`).digest('hex').slice(0, 32)}`;

/**
 * Sparse queue of the unseen-message e-mails (chat/email-notifications.ts): text and file messages a
 * person wrote carry gsi3 `CHATMAIL#QUEUE` / `<DateCreated>#<sid>#<index>` until the job has looked at
 * them (seen, or covered by an e-mail).
 */
export const CHAT_MAIL_QUEUE = 'CHATMAIL#QUEUE';
export const chatMailQueueKeys = (message: ChatMessage) =>
  notifiesByEmail(message)
    ? {
        gsi3pk: CHAT_MAIL_QUEUE,
        gsi3sk: `${message.DateCreated}#${message.ConversationSid}#${String(message.MessageIndex).padStart(10, '0')}`,
      }
    : {};

const newMessageSid = () => `IM${randomUUID().replace(/-/g, '')}`;

const toConversation = (item: Record<string, unknown>): Conversation => ({
  ConversationSid: String(item.ConversationSid),
  PatientUserId: String(item.PatientUserId),
  NutritionistUserId: String(item.NutritionistUserId),
  MaxMessageIndex: typeof item.MaxMessageIndex === 'number' ? item.MaxMessageIndex : null,
  LastMessageDate: typeof item.LastMessageDate === 'string' ? item.LastMessageDate : null,
  createdAt: String(item.createdAt),
});

export const toChatMessage = (item: Record<string, unknown>): ChatMessage => ({
  MessageSid: String(item.MessageSid),
  MessageId: String(item.MessageId),
  Body: typeof item.Body === 'string' ? item.Body : '',
  AuthorId: String(item.AuthorId),
  MessageIndex: Number(item.MessageIndex),
  Attributes: typeof item.Attributes === 'string' ? item.Attributes : '{}',
  DateCreated: String(item.DateCreated),
  ConversationSid: String(item.ConversationSid),
  EmailNotificationSent: item.EmailNotificationSent === true,
  EmailLastEvent: typeof item.EmailLastEvent === 'string' ? (item.EmailLastEvent as EmailEvent) : null,
  EmailLastEventAt: typeof item.EmailLastEventAt === 'string' ? item.EmailLastEventAt : null,
});

/**
 * A new message as stored. The time of its e-mail's last event stays absent, not null, until an SES event
 * sets it: recording an event requires it absent or older (chat-mail-repo.ts).
 */
const storedMessage = ({ EmailLastEventAt: _noEventYet, ...message }: ChatMessage) => message;

/**
 * What this container last knew of each conversation (docs/decisions/0020-chat-hot-path.md). Its members
 * never change (the id is derived from the pair, and no conversation is ever deleted), so they are
 * served from here without a read; `MaxMessageIndex` is only a guess for the next append, whose
 * transaction checks it (a wrong guess fails the condition and returns the stored value).
 */
const knownConversations = new Map<string, Conversation>();
/** Bounds the memory (a container keeps at most this many conversations, the least recently used dropped). */
const MAX_KNOWN_CONVERSATIONS = 10_000;

const remember = (conversation: Conversation) => {
  const known = knownConversations.get(conversation.ConversationSid);
  // Never back: a read that raced an append of this container must not lower the guess.
  if (known && (known.MaxMessageIndex ?? -1) > (conversation.MaxMessageIndex ?? -1)) return;
  knownConversations.delete(conversation.ConversationSid);
  if (knownConversations.size >= MAX_KNOWN_CONVERSATIONS) {
    const oldest = knownConversations.keys().next().value;
    if (oldest !== undefined) knownConversations.delete(oldest);
  }
  knownConversations.set(conversation.ConversationSid, conversation);
};

// Get a conversation by id (table key).
export const getConversation = async (conversationSid: string): Promise<Conversation | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: conversationKey(conversationSid), ConsistentRead: true }),
  );
  if (!Item) return null;
  const conversation = toConversation(Item);
  remember(conversation);
  return conversation;
};

/**
 * The conversation as this container last knew it, read only when it knows none: right about its members,
 * possibly behind on `MaxMessageIndex` and `LastMessageDate` (an append checks the index itself).
 */
export const getKnownConversation = async (conversationSid: string): Promise<Conversation | null> =>
  knownConversations.get(conversationSid) ?? getConversation(conversationSid);

// The pair's conversation, created with both member items on first use (one per pair, by its derived id).
export const ensureConversation = async (patientUserId: string, nutritionistUserId: string, at: Date) =>
  (await openConversation(patientUserId, nutritionistUserId, at)).conversation;

/** Like ensureConversation; `created` tells the one caller that created it (to announce it, once). */
export const openConversation = async (
  patientUserId: string,
  nutritionistUserId: string,
  at: Date,
): Promise<{ conversation: Conversation; created: boolean }> => {
  const sid = conversationSidFor(patientUserId, nutritionistUserId);
  const existing = await getConversation(sid);
  if (existing) return { conversation: existing, created: false };
  const conversation: Conversation = {
    ConversationSid: sid,
    PatientUserId: patientUserId,
    NutritionistUserId: nutritionistUserId,
    MaxMessageIndex: null,
    LastMessageDate: null,
    createdAt: at.toISOString(),
  };
  const member = (userId: string, otherUserId: string, role: 'Patient' | 'Nutritionist') => ({
    Put: {
      TableName: tableName(),
      Item: {
        ...memberKey(sid, userId),
        type: 'ConversationMember',
        ConversationSid: sid,
        UserId: userId,
        OtherUserId: otherUserId,
        Role: role,
        createdAt: conversation.createdAt,
        gsi1pk: conversationsPartition(userId),
        gsi1sk: otherUserId,
      },
    },
  });
  const failure = await transact(
    [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...conversationKey(sid),
              type: 'Conversation',
              ConversationSid: sid,
              PatientUserId: patientUserId,
              NutritionistUserId: nutritionistUserId,
              createdAt: conversation.createdAt,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        failure: 'exists',
      },
      { item: member(patientUserId, nutritionistUserId, 'Patient') },
      { item: member(nutritionistUserId, patientUserId, 'Nutritionist') },
    ],
    { contended: 'exists' },
  );
  if (!failure) return { conversation, created: true };
  // Someone created it meanwhile (condition failed or the transactions collided): read theirs.
  const theirs = await getConversation(sid);
  if (theirs) return { conversation: theirs, created: false };
  throw new DomainError('conflict');
};

export interface NewMessage {
  conversationSid: string;
  /** The sender's idempotency key: unique per conversation (e.g. `outbox:<id>` or a client-made UUID). */
  messageId: string;
  authorId: string;
  body: string;
  attributes: ChatMessageAttributes;
  at: Date;
  /**
   * Another item of the conversation written in the same transaction, built from the stored message
   * (e.g. the file list's entry, keyed by the message's index, so a file message never lacks it).
   */
  indexedItem?: (message: ChatMessage) => { sk: string } & Record<string, unknown>;
  /**
   * A condition checked in the append's own transaction (e.g. that the sender's session is still on):
   * when it does not hold nothing is written and DomainError `session-ended` is thrown.
   */
  condition?: TransactItem;
}

/** Attempts before an append under heavy contention gives up with 409 (each loser retries at once). */
const MAX_APPEND_ATTEMPTS = 200;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A message by its MessageId (guard -> message), for idempotent appends.
export const getMessageById = async (conversationSid: string, messageId: string) => {
  const { Item: guard } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: messageIdKey(conversationSid, messageId),
      ConsistentRead: true,
    }),
  );
  if (typeof guard?.MessageIndex !== 'number') return null;
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: messageKey(conversationSid, guard.MessageIndex),
      ConsistentRead: true,
    }),
  );
  return Item ? toChatMessage(Item) : null;
};

/**
 * Appends of one conversation from this container, one after another: they would only make each other's
 * conditions fail (and retry) if they ran together.
 */
const appendQueues = new Map<string, Promise<unknown>>();

const inTurn = async <T>(conversationSid: string, run: () => Promise<T>): Promise<T> => {
  const previous = appendQueues.get(conversationSid) ?? Promise.resolve();
  const mine = previous.then(run, run);
  appendQueues.set(conversationSid, mine);
  try {
    return await mine;
  } finally {
    if (appendQueues.get(conversationSid) === mine) appendQueues.delete(conversationSid);
  }
};

/** The stored `MaxMessageIndex` in an item DynamoDB returned with a failed condition (null: none yet). */
const storedMaxIndex = (item: Record<string, AttributeValue>) =>
  item.MaxMessageIndex?.N === undefined ? null : Number(item.MaxMessageIndex.N);

/**
 * Appends a message at the conversation's next index. `created` is false when a message with the same
 * MessageId was already there (that one is returned). Throws DomainError not-found for an unknown conversation. `known` is
 * the conversation as the caller just read it: the first attempt starts from it instead of reading again.
 * Without it, the first attempt starts from what this container last knew of the conversation. A wrong
 * index makes the transaction's condition fail, and the failure returns the stored index, so the next
 * attempt needs no read either.
 */
export const appendMessage = (
  input: NewMessage,
  known?: Conversation,
): Promise<{ message: ChatMessage; created: boolean }> =>
  inTurn(input.conversationSid, () => appendInTurn(input, known));

const appendInTurn = async (
  input: NewMessage,
  known?: Conversation,
): Promise<{ message: ChatMessage; created: boolean }> => {
  let conversation =
    known?.ConversationSid === input.conversationSid
      ? known
      : await getKnownConversation(input.conversationSid);
  // A `known` conversation may be older than this container's own appends.
  const remembered = knownConversations.get(input.conversationSid);
  if (conversation && remembered && (remembered.MaxMessageIndex ?? -1) > (conversation.MaxMessageIndex ?? -1))
    conversation = remembered;
  for (let attempt = 0; attempt < MAX_APPEND_ATTEMPTS; attempt += 1) {
    if (!conversation) throw new DomainError('not-found');
    const previous = conversation.MaxMessageIndex;
    const index = previous === null ? 0 : previous + 1;
    const message: ChatMessage = {
      MessageSid: newMessageSid(),
      MessageId: input.messageId,
      Body: input.body,
      AuthorId: input.authorId,
      MessageIndex: index,
      Attributes: JSON.stringify(input.attributes),
      DateCreated: input.at.toISOString(),
      ConversationSid: input.conversationSid,
      EmailNotificationSent: false,
      EmailLastEvent: null,
      EmailLastEventAt: null,
    };
    const failed = await transactWithReason(
      [
        // The caller's condition first: when it fails, that is the answer, whatever else failed with it.
        ...(input.condition ? [{ item: input.condition, failure: 'refused' as const }] : []),
        // The id guard next: a repeated MessageId is recognised as such even when a concurrent sender
        // also took the index.
        {
          item: {
            Put: {
              TableName: tableName(),
              Item: {
                ...messageIdKey(input.conversationSid, input.messageId),
                type: 'ChatMessageId',
                MessageIndex: index,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          failure: 'duplicate',
        },
        {
          item: {
            Update: {
              TableName: tableName(),
              Key: conversationKey(input.conversationSid),
              UpdateExpression: 'SET MaxMessageIndex = :index, LastMessageDate = :at',
              ConditionExpression:
                previous === null
                  ? 'attribute_exists(pk) AND attribute_not_exists(MaxMessageIndex)'
                  : 'MaxMessageIndex = :previous',
              ExpressionAttributeValues: {
                ':index': index,
                ':at': message.DateCreated,
                ...(previous === null ? {} : { ':previous': previous }),
              },
              // A wrong guess returns the stored conversation: the retry needs no read.
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
          failure: 'index-taken',
        },
        {
          item: {
            Put: {
              TableName: tableName(),
              Item: {
                ...messageKey(input.conversationSid, index),
                type: 'ChatMessage',
                ...storedMessage(message),
                ...chatMailQueueKeys(message),
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          failure: 'index-taken',
        },
        ...(input.indexedItem
          ? [
              {
                item: {
                  Put: {
                    TableName: tableName(),
                    Item: { ...input.indexedItem(message), pk: partition(input.conversationSid) },
                  },
                },
              },
            ]
          : []),
        // What I wrote I have seen: the author's mark moves to the new message in the same write,
        // so it is never unread for them, whichever way it was posted (chat or booking message).
        // Forward only: the new index is above any mark. Member items exist with the conversation.
        ...(input.authorId === conversation.PatientUserId ||
        input.authorId === conversation.NutritionistUserId
          ? [
              {
                item: {
                  Update: {
                    TableName: tableName(),
                    Key: memberKey(input.conversationSid, input.authorId),
                    UpdateExpression: 'SET LastSeenMessageIndex = :index',
                    ExpressionAttributeValues: { ':index': index },
                  },
                },
              },
            ]
          : []),
      ],
      { contended: 'index-taken' },
    );
    if (!failed) {
      remember({ ...conversation, MaxMessageIndex: index, LastMessageDate: message.DateCreated });
      return { message, created: true };
    }
    if (failed.failure === 'refused') throw new DomainError('session-ended');
    if (failed.failure === 'duplicate') {
      const existing = await getMessageById(input.conversationSid, input.messageId);
      if (existing) return { message: existing, created: false };
    }
    if (failed.item?.sk?.S === conversationKey(input.conversationSid).sk) {
      // The condition on the index failed: the stored conversation came back with the failure. Another
      // sender (another container) was first; from the second miss on, pause a little so that losers of
      // one round do not all collide again in the next.
      conversation = { ...conversation, MaxMessageIndex: storedMaxIndex(failed.item) };
      if (attempt > 0) await pause(Math.random() * Math.min(50, 2 + attempt * 2));
      continue;
    }
    // Our transactions collided, the conversation is missing, or the guard's message was not found yet:
    // read again after a short random pause.
    await pause(Math.random() * Math.min(50, 2 + attempt * 2));
    conversation = await getConversation(input.conversationSid);
  }
  throw new DomainError('chat-busy');
};

/**
 * One page of a conversation's items of one kind (`MSG#`, `FILE#`: sort keys ending in the zero-padded
 * message index), newest first, up to `lastSortKey` (inclusive) when given: history pages backwards.
 */
export const queryConversationNewestFirst = async (
  conversationSid: string,
  kind: string,
  options: { lastSortKey?: string; limit: number },
) => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression:
        options.lastSortKey === undefined
          ? 'pk = :pk AND begins_with(sk, :kind)'
          : 'pk = :pk AND sk BETWEEN :kind AND :last',
      ExpressionAttributeValues: {
        ':pk': partition(conversationSid),
        ':kind': kind,
        ...(options.lastSortKey === undefined ? {} : { ':last': options.lastSortKey }),
      },
      ScanIndexForward: false,
      Limit: options.limit,
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
};

// Messages newest first, before an index (exclusive) when given: the history pages backwards.
export const listMessages = async (
  conversationSid: string,
  options: { beforeIndex?: number; limit: number },
): Promise<ChatMessage[]> => {
  if (options.beforeIndex !== undefined && options.beforeIndex <= 0) return [];
  const items = await queryConversationNewestFirst(conversationSid, 'MSG#', {
    limit: options.limit,
    ...(options.beforeIndex === undefined
      ? {}
      : { lastSortKey: messageKey(conversationSid, options.beforeIndex - 1).sk }),
  });
  return items.map(toChatMessage);
};

// A user's conversations (gsi1 `CONVERSATIONS#<userId>`): conversation ids and the other member.
export const listConversationsOfUser = async (userId: string) => {
  const members: { ConversationSid: string; OtherUserId: string; Role: string }[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': conversationsPartition(userId) },
  })) {
    members.push({
      ConversationSid: String(item.ConversationSid),
      OtherUserId: String(item.OtherUserId),
      Role: String(item.Role),
    });
  }
  return members;
};

export interface ConversationMember {
  ConversationSid: string;
  UserId: string;
  OtherUserId: string;
  Role: string;
  /** Highest message index this member has seen; null while none. */
  LastSeenMessageIndex: number | null;
  /** Archived by this member (only nutritionists archive). */
  IsArchived: boolean;
}

const toMember = (item: Record<string, unknown>): ConversationMember => ({
  ConversationSid: String(item.ConversationSid),
  UserId: String(item.UserId),
  OtherUserId: String(item.OtherUserId),
  Role: String(item.Role),
  LastSeenMessageIndex: typeof item.LastSeenMessageIndex === 'number' ? item.LastSeenMessageIndex : null,
  IsArchived: item.IsArchived === true,
});

// Both member items of a conversation (table, begins_with MEMBER#).
export const listMembers = async (conversationSid: string): Promise<ConversationMember[]> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
      ExpressionAttributeValues: { ':pk': partition(conversationSid), ':member': 'MEMBER#' },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(toMember);
};

/**
 * Records that a member saw the conversation up to an index. Only moves forward (a late event from an
 * older tab cannot lower it); returns false when nothing changed. The index must exist.
 */
export const setLastSeenIndex = async (conversationSid: string, userId: string, index: number) => {
  return writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: memberKey(conversationSid, userId),
        UpdateExpression: 'SET LastSeenMessageIndex = :index',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(LastSeenMessageIndex) OR LastSeenMessageIndex < :index)',
        ExpressionAttributeValues: { ':index': index },
      }),
    ),
  );
};

// Archives or restores a conversation for one member (the nutritionist's list).
export const setArchived = async (conversationSid: string, userId: string, archived: boolean) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: memberKey(conversationSid, userId),
      UpdateExpression: 'SET IsArchived = :archived',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':archived': archived },
    }),
  );
};
