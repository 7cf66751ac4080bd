/**
 * Chat messages (docs/product.md#data: Chat message, Message types) as the server stores and pushes them and
 * the web app reads them. The real-time chat builds on these shapes; the booking flows post
 * their widget messages (BookingCreated, ...) with them today.
 */
import * as z from 'zod';
import { CHAT_MAX_FILE_BYTES } from './constants';
import { MESSAGE_TYPES, type EmailEvent, type MessageType } from './domain';
import { optionalText } from './text';

/** The message type names of docs/product.md#data, by name (`ChatMessageType.BookingCreated`). */
export const ChatMessageType = {
  SendFile: 'SendFile',
  BookingCreated: 'BookingCreated',
  BookingModified: 'BookingModified',
  BookingCancelled: 'BookingCancelled',
  BookingCompleted: 'BookingCompleted',
  PaymentCompleted: 'PaymentCompleted',
  BookingExpired: 'BookingExpired',
  Deleted: 'Deleted',
} as const satisfies { [Name in MessageType]: Name };

/** Messages the booking and payment flows post; the chat renders them as cards from their Attributes. */
export const BOOKING_MESSAGE_TYPES = [
  ChatMessageType.BookingCreated,
  ChatMessageType.BookingModified,
  ChatMessageType.BookingCancelled,
  ChatMessageType.BookingCompleted,
  ChatMessageType.PaymentCompleted,
  ChatMessageType.BookingExpired,
] as const satisfies readonly MessageType[];
export type BookingMessageType = (typeof BOOKING_MESSAGE_TYPES)[number];

/** Author of messages no person wrote (e.g. a booking expired by the payment-deadline job). */
export const SYSTEM_AUTHOR_ID = 'system';

/**
 * The `Attributes` JSON of a message. Plain text messages have none of these; widget messages carry
 * `MessageType` and the fields their card needs (BookingTime is an ISO instant).
 */
export const chatMessageAttributesSchema = z.looseObject({
  MessageType: z.enum(MESSAGE_TYPES).optional(),
  BookingId: z.number().int().positive().optional(),
  BookingTime: z.string().optional(),
  BookingTypeId: z.number().int().min(1).max(3).optional(),
  FileUrl: z.string().optional(),
  FilePreviewUrl: z.string().optional(),
  FileDisplayName: z.string().optional(),
  /** SendFile: the file's type and size, shown on its card. */
  FileContentType: z.string().optional(),
  FileSizeBytes: z.number().int().optional(),
});
export type ChatMessageAttributes = z.infer<typeof chatMessageAttributesSchema>;

/** Reads a message's Attributes JSON; anything unreadable counts as a plain text message. */
export const parseMessageAttributes = (json: string | null | undefined): ChatMessageAttributes => {
  if (!json) return {};
  try {
    const parsed = chatMessageAttributesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
};

/**
 * Chat message of docs/product.md#data. `MessageIndex` counts from 0 per conversation with no gap and no
 * duplicate (unread count = max index - last seen, or max index + 1 when nothing was seen); `MessageId`
 * is the sender's idempotency key, unique in the conversation, so a retried send never adds a second copy.
 */
export interface ChatMessage {
  MessageSid: string;
  MessageId: string;
  Body: string;
  AuthorId: string;
  MessageIndex: number;
  /** JSON of ChatMessageAttributes. */
  Attributes: string;
  /** ISO instant. */
  DateCreated: string;
  ConversationSid: string;
  EmailNotificationSent: boolean;
  EmailLastEvent: EmailEvent | null;
  /** When SES reported EmailLastEvent (ISO instant): a screen keeps the newest of the reports it gets. */
  EmailLastEventAt: string | null;
}

/** Server -> client on the realtime channel when a message was stored in one of the user's conversations. */
export interface MessageAddedEvent {
  type: 'MessageAdded';
  message: ChatMessage;
}

/** The roles that use the chat (docs/product.md#states: the connection is made for Nutritionist or Patient). */
export type ChatRole = 'Patient' | 'Nutritionist';

/** Validity of a connection ticket (single use; the browser asks for one right before connecting). */
export const CHAT_TICKET_TTL_MS = 30_000;

/** Messages per history page (not fixed by the spec: enough to fill a desktop window). */
export const CHAT_MESSAGES_PAGE_SIZE = 30;

/**
 * Longest text message, in characters (not fixed by the spec). Well under the WebSocket API's 128 KB
 * message limit even in 4-byte characters with the JSON envelope.
 */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;

/** `POST Chat/ConnectionTicket`: the ticket for `/ws?ticket=…`. */
export interface ConnectionTicketResponse {
  Ticket: string;
  /** ISO instant after which the ticket is refused. */
  ExpiresAt: string;
}

/**
 * Conversation view of docs/product.md#data, from the reader's side: `UserId` and `DisplayName` are the other
 * member's. `ConversationSid` is null while the pair has no conversation yet (created on first selection).
 */
export interface ConversationView {
  UserId: string;
  ConversationSid: string | null;
  DisplayName: string;
  EmailIdentifier: string;
  /** The patient's e-mail in their nutritionist's list, to tell same-named patients apart; else null. */
  ContactEmail: string | null;
  isOnline: boolean;
  IsArchived: boolean;
  MaxMessageIndex: number | null;
  MyLastSeenMessageIndex: number | null;
  UserLastSeenMessageIndex: number | null;
  LastMessageDate: string | null;
  newMessageCount: number;
  LastMessage: ChatMessage | null;
}

/** Unread count of docs/product.md#data: max - my last seen; max + 1 when nothing seen; 0 with no messages. */
export const unreadCount = (maxIndex: number | null, myLastSeenIndex: number | null) => {
  if (maxIndex === null) return 0;
  if (myLastSeenIndex === null) return maxIndex + 1;
  return Math.max(0, maxIndex - myLastSeenIndex);
};

/** `GET Chat/DirectConversation/{userId}`. */
export interface DirectConversationResponse {
  ConversationId: string;
}

/** `GET Chat/Messages/{userId}?before=<index>`: newest page first, items oldest first. */
export const chatMessagesQuerySchema = z.object({
  before: z.coerce.number().int().min(0).optional(),
});

export interface ChatMessagesResponse {
  ConversationSid: string | null;
  Items: ChatMessage[];
  /** Whether older messages exist before the first item. */
  HasMore: boolean;
}

/** `GET Chat/NutritionistConversations?search=…&all=true`. */
export const nutritionistConversationsQuerySchema = z.object({
  search: optionalText(100).optional(),
});

/** `PUT Chat/Conversation/{conversationSid}/Archive` body. */
export const archiveConversationSchema = z.object({ IsArchived: z.boolean() });

/** Server -> client: the other member saw the conversation up to an index (read receipt). */
export interface MessageSeenEvent {
  type: 'MessageSeen';
  ConversationSid: string;
  UserId: string;
  MessageIndex: number;
}

/** Server -> client: my other tab marked messages as seen (so this tab's unread count follows). */
export interface UpdateMyLastSeenMessageIndexEvent {
  type: 'UpdateMyLastSeenMessageIndex';
  ConversationSid: string;
  MessageIndex: number;
}

/** Server -> client: the other member started or stopped typing. */
export interface TypingEvent {
  type: 'typingStarted' | 'typingEnded';
  ConversationSid: string;
  UserId: string;
}

/** Server -> client: a conversation partner opened their first or closed their last connection. */
export interface PresenceEvent {
  type: 'UserConnected' | 'UserDisconnected';
  UserId: string;
}

/** Server -> client: answer to OnlineUsers, the conversation partners with an open connection. */
export interface OnlineUsersEvent {
  type: 'OnlineUsers';
  UserIds: string[];
}

/**
 * Server -> client, to the author's tabs: the messages were covered by an e-mail to the other member, and
 * later again whenever SES reports a newer delivery event for that e-mail (`EmailLastEvent`).
 */
export interface EmailNotificationSentEvent {
  type: 'EmailNotificationSent';
  ConversationSid: string;
  MessageIndexes: number[];
  EmailLastEvent: EmailEvent | null;
  /**
   * When SES reported it. The job's own report and an SES event's report race each other, so a screen
   * applies a report only if it is not older than the one it shows.
   */
  EmailLastEventAt: string | null;
}

/** Server -> client: the nutritionist archived or restored a conversation (in another tab). */
export interface ConversationArchivedEvent {
  type: 'OnConversationArchived';
  ConversationSid: string;
  IsArchived: boolean;
}

export type ChatServerEvent =
  | MessageAddedEvent
  | MessageSeenEvent
  | UpdateMyLastSeenMessageIndexEvent
  | TypingEvent
  | PresenceEvent
  | OnlineUsersEvent
  | ConversationArchivedEvent
  | EmailNotificationSentEvent
  | ConversationAddedEvent
  | ConversationRemovedEvent;

/**
 * Server -> client: a conversation appeared in my list, or got its id: the pair's conversation was
 * created (first selection or first message), or a patient was assigned a nutritionist (both see the
 * other). `UserId` is the other member; `ConversationSid` is null while the pair has none yet.
 */
export interface ConversationAddedEvent {
  type: 'ConversationAdded';
  UserId: string;
  ConversationSid: string | null;
}

/**
 * Server -> client: a pair left my list. Only when a patient changes nutritionist before the old pair
 * had a conversation: a conversation that exists stays listed and readable for both members.
 */
export interface ConversationRemovedEvent {
  type: 'ConversationRemoved';
  UserId: string;
}

/** Client -> server on the realtime channel (`action` selects the route, docs/product.md#api). */
const conversationSidSchema = z.string().regex(/^CH[0-9a-f]{32}$/);

export const sendMessageActionSchema = z.object({
  action: z.literal('SendMessage'),
  ConversationSid: conversationSidSchema,
  Text: z.string(),
  /** The client's id for the message: a retried send with the same id is stored once. */
  MessageId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional(),
});
export type SendMessageAction = z.infer<typeof sendMessageActionSchema>;

export const typingActionSchema = z.object({
  action: z.enum(['StartTyping', 'EndTyping']),
  ConversationSid: conversationSidSchema,
});
export type TypingAction = z.infer<typeof typingActionSchema>;

export const setUserLastSeenMessageActionSchema = z.object({
  action: z.literal('SetUserLastSeenMessage'),
  ConversationSid: conversationSidSchema,
  MessageIndex: z.number().int().min(0),
});
export type SetUserLastSeenMessageAction = z.infer<typeof setUserLastSeenMessageActionSchema>;

/** Italian texts of the realtime channel's refusals (shown by the chat screen as they are). */
export const chatActionErrors = {
  invalid: 'Messaggio non valido.',
  emptyMessage: 'Il messaggio è vuoto.',
  tooLong: `Il messaggio è troppo lungo: al massimo ${CHAT_MESSAGE_MAX_LENGTH} caratteri.`,
  controlCharacters: 'Il messaggio contiene caratteri di controllo non ammessi.',
  notFound: 'Conversazione non trovata.',
  notSignedIn: 'Connessione non autenticata: aggiorna la pagina.',
} as const;

/**
 * Files in the chat (docs/product.md#screens, #roles and #limits): photos and PDF documents (lab results, meal plans) up
 * to CHAT_MAX_FILE_BYTES (10 MB). Word files are left out on purpose: their magic bytes only say "a ZIP
 * archive", so the server could not tell them from any other archive; a PDF export does the same job.
 * HEIC is left out too: browsers cannot show it and the image library cannot decode it for a preview.
 */
export const CHAT_FILE_TYPES = {
  'image/jpeg': { extensions: ['.jpg', '.jpeg'], image: true },
  'image/png': { extensions: ['.png'], image: true },
  'image/webp': { extensions: ['.webp'], image: true },
  'image/gif': { extensions: ['.gif'], image: true },
  'application/pdf': { extensions: ['.pdf'], image: false },
} as const;
export type ChatFileContentType = keyof typeof CHAT_FILE_TYPES;
export const CHAT_FILE_CONTENT_TYPES = Object.keys(CHAT_FILE_TYPES) as [
  ChatFileContentType,
  ...ChatFileContentType[],
];

/** The file picker's `accept`: the allowed types and their extensions. */
export const CHAT_FILE_ACCEPT = CHAT_FILE_CONTENT_TYPES.flatMap((type) => [
  type,
  ...CHAT_FILE_TYPES[type].extensions,
]).join(',');

export const isChatImageType = (type: string | undefined): boolean =>
  type !== undefined && type in CHAT_FILE_TYPES && CHAT_FILE_TYPES[type as ChatFileContentType].image;

/**
 * The allowed type of a file the browser picked: its declared type, or (when the browser declares none)
 * the type its extension names; null when the file may not be sent.
 */
export const chatFileTypeOf = (name: string, declaredType: string): ChatFileContentType | null => {
  if (declaredType) return declaredType in CHAT_FILE_TYPES ? (declaredType as ChatFileContentType) : null;
  const extension = /\.[^.]+$/.exec(name.toLowerCase())?.[0] ?? '';
  return (
    CHAT_FILE_CONTENT_TYPES.find((type) =>
      (CHAT_FILE_TYPES[type].extensions as readonly string[]).includes(extension),
    ) ?? null
  );
};

/** Validity of the presigned file links the server hands out (history, pushes, file list). */
export const CHAT_FILE_URL_TTL_SECONDS = 600;
/** Files per page of `GET Chat/Files/{userId}`. */
export const CHAT_FILES_PAGE_SIZE = 30;
export const CHAT_FILE_NAME_MAX_LENGTH = 200;

/** Italian texts of chat files (the spec names a max-file-size message without quoting it). */
export const chatFileTexts = {
  tooLarge: `Il file supera la dimensione massima di ${CHAT_MAX_FILE_BYTES / (1024 * 1024)} MB.`,
  empty: 'Il file è vuoto.',
  wrongType: 'Formato non supportato: puoi inviare immagini JPEG, PNG, WebP o GIF e documenti PDF.',
  contentMismatch:
    'Il contenuto del file non corrisponde al suo formato, quindi non è stato inviato. Puoi inviare immagini JPEG, PNG, WebP o GIF e documenti PDF.',
  missing: 'Non troviamo il file caricato: caricalo di nuovo.',
  /** docs/product.md#errors: cannot upload file. */
  uploadFailed: 'Impossibile caricare il file',
} as const;

/**
 * `POST Chat/Messages/{userId}/SasToken` (the spec's name, kept): a presigned POST for one file of the
 * conversation with `userId`. `MessageType` is the message it will become (always SendFile).
 */
export const chatFileUploadRequestSchema = z.strictObject({
  MessageType: z.literal(ChatMessageType.SendFile).default(ChatMessageType.SendFile),
  FileDisplayName: z
    .string()
    .transform((name) =>
      name
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .replace(/[\\/]/g, '_')
        .trim(),
    )
    .pipe(
      z
        .string()
        .min(1, { error: 'Manca il nome del file.' })
        .max(CHAT_FILE_NAME_MAX_LENGTH, {
          error: `Il nome del file può avere al massimo ${CHAT_FILE_NAME_MAX_LENGTH} caratteri.`,
        }),
    ),
  ContentType: z.enum(CHAT_FILE_CONTENT_TYPES, { error: chatFileTexts.wrongType }),
  SizeBytes: z
    .number({ error: chatFileTexts.empty })
    .int({ error: chatFileTexts.empty })
    .min(1, { error: chatFileTexts.empty })
    .max(CHAT_MAX_FILE_BYTES, { error: chatFileTexts.tooLarge }),
});
export type ChatFileUploadRequest = z.input<typeof chatFileUploadRequestSchema>;

/** Send `Fields`, then the file (form field `file`, last), to `Url`; then confirm with `UploadId`. */
export interface ChatFileUploadResponse {
  UploadId: string;
  Url: string;
  Fields: Record<string, string>;
  /** ISO instant after which S3 refuses the upload. */
  ExpiresAt: string;
}

/**
 * `POST Chat/Messages/{userId}/Files`: the upload is done, check it and post the SendFile message.
 * Idempotent on `UploadId`: a repeated confirm answers the message already posted.
 */
export const chatFileConfirmSchema = z.strictObject({
  UploadId: z.uuid({ error: chatFileTexts.missing }),
});

/** One file of a conversation (`GET Chat/Files/{userId}`), with short-lived links. */
export interface ChatFileView {
  MessageIndex: number;
  MessageSid: string;
  AuthorId: string;
  DateCreated: string;
  FileDisplayName: string;
  ContentType: ChatFileContentType;
  SizeBytes: number;
  FileUrl: string;
  /** Images only. */
  FilePreviewUrl: string | null;
}

/** `GET Chat/Files/{userId}?before=<MessageIndex>`: newest first. */
export const chatFilesQuerySchema = z.object({
  before: z.coerce.number().int().min(0).optional(),
});

export interface ChatFilesResponse {
  Items: ChatFileView[];
  /** Whether older files exist after the last item. */
  HasMore: boolean;
}
