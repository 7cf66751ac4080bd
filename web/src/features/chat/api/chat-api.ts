/** REST calls of the chat (docs/product.md#api, Chat). */
import type {
  ChatMessagesResponse,
  ConnectionTicketResponse,
  ConversationView,
  DirectConversationResponse,
} from '@nutri/shared';
import { api, apiPath } from '../../../api/client';

export const fetchConnectionTicket = () => api.post<ConnectionTicketResponse>('/Chat/ConnectionTicket');

export const fetchConversations = (isNutritionist: boolean, search?: string) =>
  isNutritionist
    ? api.get<ConversationView[]>('/Chat/NutritionistConversations', {
        query: { search: search || undefined },
      })
    : api.get<ConversationView[]>('/Chat/PatientConversations');

/** The pair's conversation id; the server creates the conversation on first selection. */
export const fetchDirectConversation = (userId: string) =>
  api.get<DirectConversationResponse>(apiPath('Chat/DirectConversation', userId));

export const fetchMessages = (userId: string, before?: number) =>
  api.get<ChatMessagesResponse>(apiPath('Chat/Messages', userId), { query: { before } });

export const setConversationArchived = (conversationSid: string, isArchived: boolean) =>
  api.put(apiPath('Chat/Conversation', conversationSid, 'Archive'), { IsArchived: isArchived });
