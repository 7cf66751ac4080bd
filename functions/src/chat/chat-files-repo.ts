/**
 * Files of a conversation (docs/product.md#chat), next to its messages in the `CONV#<sid>` partition:
 * - Upload slot `CONV#<sid>` / `UPLOAD#<uploadId>`: what `SasToken` allowed (uploader, declared type,
 *   display name), read back by the confirm so the client cannot change the type after presigning; TTL
 *   `expiresAt` a day later (nothing else needs it once the message exists).
 * - File entry `CONV#<sid>` / `FILE#<MessageIndex, 10 digits>`: one per SendFile message, written in the
 *   message's append transaction, for `Chat/Files` newest first without reading the text messages.
 * Both store object keys of the private bucket, never links: links are presigned when read.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ChatFileContentType, ChatFileView, ChatMessage } from '@nutri/shared';
import { db, tableName, toEpochSeconds } from '../platform/db/client';
import { queryConversationNewestFirst } from './chat-repo';

/** An upload slot outlives its presigned POST (15 min) so a slow confirm or a retry still finds it. */
const SLOT_TTL_MS = 24 * 60 * 60 * 1000;

const partition = (conversationSid: string) => `CONV#${conversationSid}`;
const slotKey = (conversationSid: string, uploadId: string) => ({
  pk: partition(conversationSid),
  sk: `UPLOAD#${uploadId}`,
});
const fileSortKey = (index: number) => `FILE#${String(index).padStart(10, '0')}`;

export interface UploadSlot {
  ConversationSid: string;
  UploadId: string;
  UploaderId: string;
  ContentType: ChatFileContentType;
  FileDisplayName: string;
  createdAt: string;
}

export const putUploadSlot = async (slot: UploadSlot) => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...slotKey(slot.ConversationSid, slot.UploadId),
        type: 'ChatUploadSlot',
        ...slot,
        expiresAt: toEpochSeconds(new Date(Date.parse(slot.createdAt) + SLOT_TTL_MS)),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

// An upload slot by conversation and id (table key); null when unknown or past its TTL.
export const getUploadSlot = async (
  conversationSid: string,
  uploadId: string,
  now: Date,
): Promise<UploadSlot | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: slotKey(conversationSid, uploadId), ConsistentRead: true }),
  );
  // TTL deletion runs late: an expired slot counts as gone.
  if (!Item || (typeof Item.expiresAt === 'number' && Item.expiresAt <= toEpochSeconds(now))) return null;
  return {
    ConversationSid: String(Item.ConversationSid),
    UploadId: String(Item.UploadId),
    UploaderId: String(Item.UploaderId),
    ContentType: Item.ContentType as ChatFileContentType,
    FileDisplayName: String(Item.FileDisplayName),
    createdAt: String(Item.createdAt),
  };
};

/** A file as stored: the view members get (`ChatFileView`) with object keys where the view has links. */
export type StoredFile = Omit<ChatFileView, 'FileUrl' | 'FilePreviewUrl'> & {
  FileKey: string;
  FilePreviewKey: string | null;
};

/** The file entry of a SendFile message, for `appendMessage`'s `indexedItem`. */
export const fileEntryOf =
  (file: Pick<StoredFile, 'FileDisplayName' | 'ContentType' | 'SizeBytes' | 'FileKey' | 'FilePreviewKey'>) =>
  (message: ChatMessage) => ({
    sk: fileSortKey(message.MessageIndex),
    type: 'ChatFile',
    ConversationSid: message.ConversationSid,
    MessageIndex: message.MessageIndex,
    MessageSid: message.MessageSid,
    AuthorId: message.AuthorId,
    DateCreated: message.DateCreated,
    FileDisplayName: file.FileDisplayName,
    ContentType: file.ContentType,
    SizeBytes: file.SizeBytes,
    FileKey: file.FileKey,
    ...(file.FilePreviewKey ? { FilePreviewKey: file.FilePreviewKey } : {}),
  });

// A conversation's files newest first, before a message index (exclusive) when given.
export const listFiles = async (
  conversationSid: string,
  options: { beforeIndex?: number; limit: number },
): Promise<StoredFile[]> => {
  if (options.beforeIndex !== undefined && options.beforeIndex <= 0) return [];
  const items = await queryConversationNewestFirst(conversationSid, 'FILE#', {
    limit: options.limit,
    ...(options.beforeIndex === undefined ? {} : { lastSortKey: fileSortKey(options.beforeIndex - 1) }),
  });
  return items.map((item) => ({
    MessageIndex: Number(item.MessageIndex),
    MessageSid: String(item.MessageSid),
    AuthorId: String(item.AuthorId),
    DateCreated: String(item.DateCreated),
    FileDisplayName: String(item.FileDisplayName),
    ContentType: item.ContentType as ChatFileContentType,
    SizeBytes: Number(item.SizeBytes),
    FileKey: String(item.FileKey),
    FilePreviewKey: typeof item.FilePreviewKey === 'string' ? item.FilePreviewKey : null,
  }));
};
