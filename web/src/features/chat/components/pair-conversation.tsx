/**
 * The conversation of a patient and their nutritionist on its own, for screens that show it beside
 * something else (the video room's side panel): the same window as the chat page, on a channel the
 * caller already has open.
 */
import type { ConversationView } from '@nutri/shared';
import type { ChatSocket } from '../realtime/chat-socket';
import { ConversationWindow } from './conversation-window';

export function PairConversation({
  socket,
  myUserId,
  isNutritionist,
  other,
  reloadKey,
}: {
  socket: ChatSocket;
  myUserId: string;
  isNutritionist: boolean;
  other: { UserId: string; DisplayName: string; ConversationSid: string | null };
  reloadKey: number;
}) {
  // The window reads the conversation itself (creating it on first use); the rest fills in as it loads.
  const conversation: ConversationView = {
    UserId: other.UserId,
    ConversationSid: other.ConversationSid,
    DisplayName: other.DisplayName,
    EmailIdentifier: '',
    ContactEmail: null,
    isOnline: true,
    IsArchived: false,
    MaxMessageIndex: null,
    MyLastSeenMessageIndex: null,
    UserLastSeenMessageIndex: null,
    LastMessageDate: null,
    newMessageCount: 0,
    LastMessage: null,
  };
  return (
    <ConversationWindow
      socket={socket}
      myUserId={myUserId}
      isNutritionist={isNutritionist}
      conversation={conversation}
      reloadKey={reloadKey}
    />
  );
}
