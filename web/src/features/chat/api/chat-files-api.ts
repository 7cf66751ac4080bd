/**
 * Chat files (docs/product.md#api: `Chat/Messages/{userId}/SasToken`, `Chat/Files/{userId}`). A file goes
 * straight to the private file store: the API hands out a presigned POST, the browser posts the file to
 * it with XMLHttpRequest (progress, cancel: the same upload as the join-the-team CV), then confirms; the
 * server checks the file and posts the SendFile message. Links in messages are presigned GETs valid
 * CHAT_FILE_URL_TTL_SECONDS: `freshFileLinks` asks again for an older one.
 */
import type {
  ChatFileContentType,
  ChatFileUploadRequest,
  ChatFileUploadResponse,
  ChatFileView,
  ChatFilesResponse,
  ChatMessage,
} from '@nutri/shared';
import { api, apiPath } from '../../../api/client';
import type { CursorListKey, CursorListPage } from '../../../api/cursor-list';
import { postToPresignedUrl } from '../../content';

export const requestFileUpload = (
  otherUserId: string,
  file: File,
  contentType: ChatFileContentType,
  signal?: AbortSignal,
) =>
  api.post<ChatFileUploadResponse>(
    apiPath('Chat/Messages', otherUserId, 'SasToken'),
    {
      MessageType: 'SendFile',
      FileDisplayName: file.name,
      ContentType: contentType,
      SizeBytes: file.size,
    } satisfies ChatFileUploadRequest,
    signal ? { signal } : {},
  );

/** Posts the file to the presigned POST (rejects with an AbortError when cancelled). */
export const uploadFile = (
  upload: ChatFileUploadResponse,
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal },
) => postToPresignedUrl(upload, file, options);

/** The uploaded file becomes a SendFile message (idempotent: a retry answers the same message). */
export const confirmFileUpload = (otherUserId: string, uploadId: string) =>
  api.post<ChatMessage>(apiPath('Chat/Messages', otherUserId, 'Files'), { UploadId: uploadId });

export const fetchConversationFiles = (otherUserId: string, before?: number) =>
  api.get<ChatFilesResponse>(apiPath('Chat/Files', otherUserId), { query: { before } });

/** `useCursorList` page of the file list: the cursor is the oldest MessageIndex shown. */
export const fetchConversationFilesPage = async ([path, query]: CursorListKey): Promise<
  CursorListPage<ChatFileView>
> => {
  const before = query.cursor === undefined ? undefined : Number(query.cursor);
  const page = await api.get<ChatFilesResponse>(path, { query: { before } });
  const oldest = page.Items.at(-1);
  return { Data: page.Items, NextCursor: page.HasMore && oldest ? String(oldest.MessageIndex) : null };
};

/** Whether a presigned link is still valid for a while (its X-Amz-Date plus X-Amz-Expires). */
export const isLinkFresh = (url: string, marginMs = 30_000) => {
  try {
    const params = new URL(url).searchParams;
    const signedAt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(params.get('X-Amz-Date') ?? '');
    const seconds = Number(params.get('X-Amz-Expires'));
    if (!signedAt || !seconds) return false;
    const [year, month, day, hour, minute, second] = signedAt.slice(1).map(Number);
    const issued = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second);
    return Date.now() < issued + seconds * 1000 - marginMs;
  } catch {
    return false;
  }
};

/** New links for the file of one message (the file list from just above that index). */
export const freshFileLinks = async (otherUserId: string, messageIndex: number) => {
  const page = await fetchConversationFiles(otherUserId, messageIndex + 1);
  const file = page.Items.find((item) => item.MessageIndex === messageIndex);
  return file ? { FileUrl: file.FileUrl, FilePreviewUrl: file.FilePreviewUrl } : null;
};
