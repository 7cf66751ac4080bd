/**
 * The SystemAdmin chat viewer (docs/product.md#screens: /SystemSettings/ChatViewer; "only the two members of
 * a conversation, and SystemAdmin through the chat viewer, audited, can read it"): search a patient or a
 * nutritionist, list their conversations, read one read-only. Shared by the chat area and the web page.
 */
import * as z from 'zod';
import type { ChatMessage } from './chat';

/** Shortest name prefix searched (an e-mail address is looked up whole). */
export const CHAT_VIEWER_SEARCH_MIN_CHARS = 2;
/** Users listed per search, per role. */
export const CHAT_VIEWER_SEARCH_LIMIT = 10;

export const chatViewerTexts = {
  searchTooShort: `Scrivi almeno ${CHAT_VIEWER_SEARCH_MIN_CHARS} caratteri.`,
  userNotFound: 'Utente non trovato.',
  conversationNotFound: 'Conversazione non trovata.',
} as const;

export const chatViewerSearchSchema = z.strictObject({
  search: z.string().trim().min(CHAT_VIEWER_SEARCH_MIN_CHARS, chatViewerTexts.searchTooShort).max(100),
});

export const chatViewerMessagesQuerySchema = z.strictObject({
  before: z.coerce.number().int().min(0).optional(),
});

/** The two roles that chat. */
export type ChatViewerRole = 'Patient' | 'Nutritionist';

/** A user found by the viewer's search. */
export interface ChatViewerUser {
  UserId: string;
  DisplayName: string;
  Email: string;
  Roles: ChatViewerRole[];
}

export interface ChatViewerMember {
  UserId: string;
  DisplayName: string;
}

/** One conversation of the searched user. */
export interface ChatViewerConversation {
  ConversationSid: string;
  Patient: ChatViewerMember;
  Nutritionist: ChatViewerMember;
  /** Messages in it (MaxMessageIndex + 1; 0 when empty). */
  MessageCount: number;
  LastMessageDate: string | null;
}

/** Response of `GET Chat/Viewer/Users/{userId}/Conversations`. */
export interface ChatViewerConversationsResponse {
  User: ChatViewerMember;
  Data: ChatViewerConversation[];
}

/** Response of `GET Chat/Viewer/Conversations/{conversationSid}/Messages`: a page, oldest first. */
export interface ChatViewerMessagesResponse {
  ConversationSid: string;
  Patient: ChatViewerMember;
  Nutritionist: ChatViewerMember;
  Items: ChatMessage[];
  HasMore: boolean;
}
