/**
 * Files in the chat (docs/product.md#screens, #roles, #api and #limits). The browser never sends a file through the
 * API: it asks `SasToken` for a presigned POST (one key, 1 byte to 10 MB, the declared type, 15 minutes),
 * uploads straight to the private bucket, then confirms. The confirm checks the object itself (it exists,
 * its size, its magic bytes against the declared type; images must decode), makes a WebP preview of
 * images, moves the file under the conversation's prefix and posts the SendFile message through the same
 * gap-free append as text messages, then pushes MessageAdded to both members. A refused file is deleted.
 * Uploads wait under `chat-uploads/` until confirmed; the bucket expires what is never confirmed.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { Metadata } from 'sharp';
import {
  CHAT_FILES_PAGE_SIZE,
  CHAT_MAX_FILE_BYTES,
  ChatMessageType,
  chatFileConfirmSchema,
  chatFileTexts,
  chatFileUploadRequestSchema,
  chatFilesQuerySchema,
  isChatImageType,
  type ChatFileUploadResponse,
  type ChatFilesResponse,
  type ChatMessage,
  type ChatRole,
} from '@nutri/shared';
import type { SignedInActor } from '../http/actor';
import { AppError } from '../http/errors';
import { created, defineOperation, HttpResponse } from '../http/operation';
import { admitWithinLimit } from '../http/rate-limit';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { matchesFileSignature, SIGNATURE_BYTES } from '../platform/file-signatures';
import {
  copyObject,
  deleteObject,
  headObject,
  presignUpload,
  putObject,
  readObjectStart,
} from '../platform/files';
import { logger } from '../platform/logger';
import type { ThrottleRule } from '../platform/throttle';
import { chatRoleOf, resolvePair } from './access';
import { fileEntryOf, getUploadSlot, listFiles, putUploadSlot, type UploadSlot } from './chat-files-repo';
import { appendMessage, ensureConversation, getMessageById, setLastSeenIndex } from './chat-repo';
import { chatFileKey, chatPreviewKey, fileView, withFileUrls, type StoredFileAttributes } from './file-urls';
import { pushToUsers } from './push';

const UPLOAD_EXPIRES_SECONDS = 15 * 60;
/**
 * Upload slots per user and hour: each lets a browser store up to 10 MB, so they are limited; a food diary
 * of photos stays far below.
 */
export const CHAT_UPLOAD_RATE_RULE: ThrottleRule = {
  scope: 'CHATUPLOAD-USER',
  limit: 60,
  windowSeconds: 3600,
};
/** Previews fit this box (a chat card shows them at most ~22rem wide; 2x for dense screens). */
const PREVIEW_BOX_PX = 640;
/** Same guard as the content images: refuse decompression bombs before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

const userIdPathSchema = z.object({ userId: z.string().min(1).max(100) });

/** Where an upload waits for its confirm; the bucket's lifecycle deletes what is never confirmed. */
export const pendingUploadKey = (uploadId: string) => `chat-uploads/${uploadId}`;

const me = (actor: SignedInActor<ChatRole>) => ({ userId: actor.userId, role: chatRoleOf(actor) });

const fileError = (message: string) =>
  new AppError('validation_failed', message, { errors: { UploadId: [message] } });

/** The idempotency key of the message an upload becomes (scoped by author, like SendMessage's). */
const fileMessageId = (userId: string, uploadId: string) => `${userId}:file:${uploadId}`;

/**
 * `POST Chat/Messages/{userId}/SasToken`: a presigned POST for one file of the conversation with
 * `userId` (members only; anyone else gets 404). The conversation is created if it does not exist yet.
 * At most CHAT_UPLOAD_RATE_RULE's slots per user and hour, then 429 with Retry-After.
 */
export const createFileUpload = defineOperation(
  ['Patient', 'Nutritionist'],
  { path: userIdPathSchema, body: chatFileUploadRequestSchema },
  async ({ actor, path, body }) => {
    const caller = me(actor);
    const pair = await resolvePair(caller, path.userId);
    const at = now();
    await admitWithinLimit(
      CHAT_UPLOAD_RATE_RULE,
      caller.userId,
      at,
      (minutes) => `Hai inviato molti file nell’ultima ora. Potrai inviarne altri tra ${minutes} minuti.`,
    );
    const conversation =
      pair.conversation ?? (await ensureConversation(pair.patientUserId, pair.nutritionistUserId, at));
    const uploadId = randomUUID();
    await putUploadSlot({
      ConversationSid: conversation.ConversationSid,
      UploadId: uploadId,
      UploaderId: caller.userId,
      ContentType: body.ContentType,
      FileDisplayName: body.FileDisplayName,
      createdAt: at.toISOString(),
    });
    const { url, fields } = await presignUpload({
      bucket: config().FILES_BUCKET,
      key: pendingUploadKey(uploadId),
      contentType: body.ContentType,
      maxBytes: CHAT_MAX_FILE_BYTES,
      expiresInSeconds: UPLOAD_EXPIRES_SECONDS,
    });
    const response: ChatFileUploadResponse = {
      UploadId: uploadId,
      Url: url,
      Fields: fields,
      ExpiresAt: new Date(at.getTime() + UPLOAD_EXPIRES_SECONDS * 1000).toISOString(),
    };
    return created(response);
  },
);

/** Refuses the upload: the object is deleted first, so nothing refused stays in the bucket. */
const refuse = async (key: string, message: string, cause?: unknown) => {
  await deleteObject(config().FILES_BUCKET, key);
  throw new AppError('validation_failed', message, { errors: { UploadId: [message] }, cause });
};

/**
 * A phone's photo tells where and when it was taken, and with what (EXIF, XMP, IPTC). The other member needs
 * none of it: such an image is stored re-encoded without that metadata, turned upright first (the EXIF
 * orientation goes too) and keeping its colour profile. Null when there is nothing to remove, or for
 * animations and GIFs, which are stored as sent.
 */
const withoutPersonalMetadata = async (image: Buffer, metadata: Metadata): Promise<Buffer | null> => {
  if (!metadata.exif && !metadata.xmp && !metadata.iptc) return null;
  if ((metadata.pages ?? 1) > 1) return null;
  const { default: sharp } = await import('sharp');
  const encoder = sharp(image, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .keepIccProfile();
  switch (metadata.format) {
    case 'jpeg':
      return encoder.jpeg({ quality: 90 }).toBuffer();
    case 'png':
      return encoder.png().toBuffer();
    case 'webp':
      return encoder.webp({ quality: 90 }).toBuffer();
    default:
      return null;
  }
};

/**
 * Checks the uploaded object against its slot and returns its size and, for images, a WebP preview
 * (which is also the proof that the image decodes: a forged header with no image behind it fails) and,
 * when the image carries metadata, the image without it (`cleaned`), which is then stored instead.
 */
const checkUpload = async (slot: UploadSlot, key: string) => {
  const bucket = config().FILES_BUCKET;
  const head = await headObject(bucket, key);
  if (!head) return null;
  // S3 enforced both with the signed policy; checked again so a policy mistake cannot let one through.
  if (head.size > CHAT_MAX_FILE_BYTES) return refuse(key, chatFileTexts.tooLarge);
  if (head.size === 0) return refuse(key, chatFileTexts.empty);
  const start = await readObjectStart(bucket, key, Math.min(SIGNATURE_BYTES, head.size));
  if (!matchesFileSignature(slot.ContentType, start)) return refuse(key, chatFileTexts.contentMismatch);
  if (!isChatImageType(slot.ContentType)) return { size: head.size, preview: null, cleaned: null };
  const image = await readObjectStart(bucket, key, head.size);
  const expectedFormat = slot.ContentType.slice('image/'.length);
  // sharp (native, heavy) is loaded by the upload check, not at start.
  const { default: sharp } = await import('sharp');
  try {
    const decoder = sharp(image, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
    const metadata = await decoder.metadata();
    if (metadata.format !== expectedFormat) return refuse(key, chatFileTexts.contentMismatch);
    const preview = await decoder
      .rotate()
      .resize({ width: PREVIEW_BOX_PX, height: PREVIEW_BOX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    const cleaned = await withoutPersonalMetadata(image, metadata);
    return { size: cleaned?.length ?? head.size, preview, cleaned };
  } catch (error) {
    return refuse(key, chatFileTexts.contentMismatch, error);
  }
};

/**
 * `POST Chat/Messages/{userId}/Files`: the uploaded file becomes a SendFile message. Idempotent on the
 * upload: a repeated confirm (a retry after a lost answer, a double click) answers the same message.
 */
export const confirmFileUpload = defineOperation(
  ['Patient', 'Nutritionist'],
  { path: userIdPathSchema, body: chatFileConfirmSchema },
  async ({ actor, path, body }) => {
    const caller = me(actor);
    const pair = await resolvePair(caller, path.userId);
    if (!pair.conversation) throw fileError(chatFileTexts.missing);
    const conversation = pair.conversation;
    const sid = conversation.ConversationSid;
    const messageId = fileMessageId(caller.userId, body.UploadId);
    const posted = async () => {
      const existing = await getMessageById(sid, messageId);
      return existing ? new HttpResponse(200, await withFileUrls(existing)) : null;
    };
    const earlier = await posted();
    if (earlier) return earlier;

    const slot = await getUploadSlot(sid, body.UploadId, now());
    // Another member's upload counts as unknown: only its uploader may turn it into a message.
    if (!slot || slot.UploaderId !== caller.userId) throw fileError(chatFileTexts.missing);
    const bucket = config().FILES_BUCKET;
    const pendingKey = pendingUploadKey(body.UploadId);
    const fileKey = chatFileKey(sid, body.UploadId);
    const previewKey = chatPreviewKey(sid, body.UploadId);
    let checked: Awaited<ReturnType<typeof checkUpload>>;
    try {
      checked = await checkUpload(slot, pendingKey);
      if (checked?.preview)
        await putObject(bucket, previewKey, checked.preview, 'image/webp', 'private, max-age=600');
      if (checked?.cleaned) await putObject(bucket, fileKey, checked.cleaned, slot.ContentType);
      else if (checked) await copyObject(bucket, pendingKey, fileKey);
    } catch (error) {
      // A concurrent confirm of the same upload posted it and removed the upload under our feet.
      const concurrent = await posted();
      if (concurrent) return concurrent;
      throw error;
    }
    // No object: never uploaded, or a concurrent confirm of the same upload just posted it.
    if (!checked) {
      const concurrent = await posted();
      if (concurrent) return concurrent;
      throw fileError(chatFileTexts.missing);
    }
    const attributes: StoredFileAttributes = {
      MessageType: ChatMessageType.SendFile,
      FileDisplayName: slot.FileDisplayName,
      FileContentType: slot.ContentType,
      FileSizeBytes: checked.size,
      FileKey: fileKey,
      ...(checked.preview ? { FilePreviewKey: previewKey } : {}),
    };
    const result = await appendMessage(
      {
        conversationSid: sid,
        messageId,
        authorId: caller.userId,
        // The file's name is the message's text: conversation lists and e-mail notices show it.
        body: slot.FileDisplayName,
        attributes,
        at: now(),
        indexedItem: fileEntryOf({
          FileDisplayName: slot.FileDisplayName,
          ContentType: slot.ContentType,
          SizeBytes: checked.size,
          FileKey: fileKey,
          FilePreviewKey: checked.preview ? previewKey : null,
        }),
      },
      conversation,
    );
    try {
      await deleteObject(bucket, pendingKey);
    } catch (error) {
      // The message is posted; the bucket's lifecycle removes the leftover upload later.
      logger.warn('Chat upload not removed after confirm', { reason: (error as Error).name });
    }
    const message: ChatMessage = await withFileUrls(result.message);
    if (result.created) {
      // What I sent I have seen (as for text messages); then both members' tabs get it.
      await setLastSeenIndex(sid, caller.userId, result.message.MessageIndex);
      await pushToUsers([conversation.PatientUserId, conversation.NutritionistUserId], {
        type: 'MessageAdded',
        message,
      });
    }
    return result.created ? created(message) : message;
  },
);

/** `GET Chat/Files/{userId}?before=<index>`: the conversation's files, newest first, with fresh links. */
export const getConversationFiles = defineOperation(
  ['Patient', 'Nutritionist'],
  { path: userIdPathSchema, query: chatFilesQuerySchema },
  async ({ actor, path, query }) => {
    const pair = await resolvePair(me(actor), path.userId);
    if (!pair.conversation) return { Items: [], HasMore: false } satisfies ChatFilesResponse;
    const sid = pair.conversation.ConversationSid;
    // One more than a page tells whether older files exist.
    const files = await listFiles(sid, { beforeIndex: query.before, limit: CHAT_FILES_PAGE_SIZE + 1 });
    const page = files.slice(0, CHAT_FILES_PAGE_SIZE);
    const response: ChatFilesResponse = {
      Items: await Promise.all(page.map((file) => fileView(sid, file))),
      HasMore: files.length > CHAT_FILES_PAGE_SIZE,
    };
    return response;
  },
);
