/**
 * The SystemAdmin chat viewer's calls (chat area, SystemAdmin only). The conversation list and every page
 * of messages are audited reads on the server, so they are fetched once per opening and never revalidated
 * in the background (SWR's focus/reconnect refreshes would each leave an audit item nobody asked for).
 */
import useSWRImmutable from 'swr/immutable';
import type {
  ChatViewerConversationsResponse,
  ChatViewerMessagesResponse,
  ChatViewerUser,
} from '@nutri/shared';
import { api, apiPath } from '../../../api/client';

export const useChatViewerUsers = (search: string | null) =>
  useSWRImmutable<{ Data: ChatViewerUser[] }>(search ? ['Chat/Viewer/Users', search] : null, () =>
    api.get<{ Data: ChatViewerUser[] }>(apiPath('Chat', 'Viewer', 'Users'), { query: { search } }),
  );

export const useChatViewerConversations = (userId: string | null) =>
  useSWRImmutable<ChatViewerConversationsResponse>(
    userId ? apiPath('Chat', 'Viewer', 'Users', userId, 'Conversations') : null,
    (path: string) => api.get<ChatViewerConversationsResponse>(path),
  );

/** One page of a conversation, oldest message first; `before` pages backwards. */
export const fetchChatViewerMessages = (conversationSid: string, before?: number) =>
  api.get<ChatViewerMessagesResponse>(
    apiPath('Chat', 'Viewer', 'Conversations', conversationSid, 'Messages'),
    {
      query: { before },
    },
  );
