/**
 * Links to chat files. A SendFile message stores object keys of the private bucket (`FileKey`,
 * `FilePreviewKey` in its Attributes), never a link: a stored link would either expire or be a
 * permanent public address. Whoever hands a message or a file to a reader, after checking that the
 * reader is a member of the conversation, replaces the keys with presigned GETs valid for
 * CHAT_FILE_URL_TTL_SECONDS (the spec's FileUrl and FilePreviewUrl); the keys never leave the server.
 */
import {
  CHAT_FILE_URL_TTL_SECONDS,
  ChatMessageType,
  type ChatFileView,
  type ChatMessage,
  type ChatMessageAttributes,
} from '@nutri/shared';
import { config } from '../platform/config';
import { presignDownload } from '../platform/files';
import type { StoredFile } from './chat-files-repo';

/** Where a conversation's files live; a message only ever links to keys of its own conversation. */
export const chatFilePrefix = (conversationSid: string) => `chat/${conversationSid}/`;
export const chatFileKey = (conversationSid: string, uploadId: string) =>
  `${chatFilePrefix(conversationSid)}${uploadId}`;
export const chatPreviewKey = (conversationSid: string, uploadId: string) =>
  `${chatFilePrefix(conversationSid)}${uploadId}-preview.webp`;

/** SendFile Attributes as stored: the spec's fields plus the object keys. */
export interface StoredFileAttributes extends ChatMessageAttributes {
  FileKey?: string;
  FilePreviewKey?: string;
}

/** The file name for the download's Content-Disposition header: printable ASCII (accents dropped). */
const downloadName = (displayName: string) =>
  displayName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');

const signedLinks = async (
  conversationSid: string,
  fileKey: string,
  previewKey: string | null | undefined,
  displayName: string,
) => {
  const prefix = chatFilePrefix(conversationSid);
  const bucket = config().FILES_BUCKET;
  const [fileUrl, previewUrl] = await Promise.all([
    fileKey.startsWith(prefix)
      ? presignDownload(bucket, fileKey, CHAT_FILE_URL_TTL_SECONDS, downloadName(displayName))
      : Promise.resolve(null),
    previewKey?.startsWith(prefix)
      ? presignDownload(bucket, previewKey, CHAT_FILE_URL_TTL_SECONDS)
      : Promise.resolve(null),
  ]);
  return { fileUrl, previewUrl };
};

/**
 * The message as a member may see it: for a SendFile message, FileUrl and FilePreviewUrl are fresh
 * presigned GETs and the keys are gone; any other message is returned as it is. Call it only after the
 * membership check.
 */
export const withFileUrls = async (message: ChatMessage): Promise<ChatMessage> => {
  let attributes: StoredFileAttributes;
  try {
    attributes = JSON.parse(message.Attributes) as StoredFileAttributes;
  } catch {
    return message;
  }
  if (attributes?.MessageType !== ChatMessageType.SendFile) return message;
  const { FileKey, FilePreviewKey, FileUrl: _url, FilePreviewUrl: _preview, ...visible } = attributes;
  const { fileUrl, previewUrl } = FileKey
    ? await signedLinks(message.ConversationSid, FileKey, FilePreviewKey, attributes.FileDisplayName ?? '')
    : { fileUrl: null, previewUrl: null };
  return {
    ...message,
    Attributes: JSON.stringify({
      ...visible,
      ...(fileUrl ? { FileUrl: fileUrl } : {}),
      ...(previewUrl ? { FilePreviewUrl: previewUrl } : {}),
    }),
  };
};

export const withFileUrlsAll = (messages: readonly ChatMessage[]) => Promise.all(messages.map(withFileUrls));

/** A file entry as `Chat/Files` shows it. */
export const fileView = async (conversationSid: string, file: StoredFile): Promise<ChatFileView> => {
  const { fileUrl, previewUrl } = await signedLinks(
    conversationSid,
    file.FileKey,
    file.FilePreviewKey,
    file.FileDisplayName,
  );
  return {
    MessageIndex: file.MessageIndex,
    MessageSid: file.MessageSid,
    AuthorId: file.AuthorId,
    DateCreated: file.DateCreated,
    FileDisplayName: file.FileDisplayName,
    ContentType: file.ContentType,
    SizeBytes: file.SizeBytes,
    FileUrl: fileUrl ?? '',
    FilePreviewUrl: previewUrl,
  };
};
