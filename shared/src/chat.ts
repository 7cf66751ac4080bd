/**
 * Chat messages (spec section 3: Chat message, Message types) as the server stores and pushes them and
 * the web app reads them. The real-time chat (issue 8) builds on these shapes; the booking flows post
 * their widget messages (BookingCreated, ...) with them today.
 */
import { z } from 'zod';
import { MESSAGE_TYPES, type EmailEvent, type MessageType } from './domain';

/** The message type names of spec section 3, by name (`ChatMessageType.BookingCreated`). */
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
 * Chat message of spec section 3. `MessageIndex` counts from 0 per conversation with no gap and no
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
}

/** Server -> client on the realtime channel when a message was stored in one of the user's conversations. */
export interface MessageAddedEvent {
  type: 'MessageAdded';
  message: ChatMessage;
}

/** The roles that use the chat (spec section 4: the connection is made for Nutritionist or Patient). */
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
 * Conversation view of spec section 3, from the reader's side: `UserId` and `DisplayName` are the other
 * member's. `ConversationSid` is null while the pair has no conversation yet (created on first selection).
 */
export interface ConversationView {
  UserId: string;
  ConversationSid: string | null;
  DisplayName: string;
  EmailIdentifier: string;
  isOnline: boolean;
  IsArchived: boolean;
  MaxMessageIndex: number | null;
  MyLastSeenMessageIndex: number | null;
  UserLastSeenMessageIndex: number | null;
  LastMessageDate: string | null;
  newMessageCount: number;
  LastMessage: ChatMessage | null;
}

/** Unread count of spec section 3: max - my last seen; max + 1 when nothing seen; 0 with no messages. */
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
  search: z.string().trim().max(100).optional(),
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
  | ConversationArchivedEvent;

/** Client -> server on the realtime channel (`action` selects the route, spec section 7). */
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
  notFound: 'Conversazione non trovata.',
  notSignedIn: 'Connessione non autenticata: aggiorna la pagina.',
} as const;
