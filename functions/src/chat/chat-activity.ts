/**
 * A user's chat activity for the back office (docs/product.md#back-office, a patient's timeline): per
 * conversation only counts and dates, never a message. Staff who must read messages use the audited chat
 * viewer instead.
 */
import { getConversation, listConversationsOfUser, listMembers } from './chat-repo';

export interface ChatActivity {
  ConversationSid: string;
  OtherUserId: string;
  StartedAt: string;
  MessageCount: number;
  LastMessageAt: string | null;
  /** Messages the user has not seen yet. */
  UnseenCount: number;
}

export const chatActivityOfUser = async (userId: string): Promise<ChatActivity[]> => {
  const conversations = await listConversationsOfUser(userId);
  const activity = await Promise.all(
    conversations.map(async ({ ConversationSid, OtherUserId }) => {
      const [conversation, members] = await Promise.all([
        getConversation(ConversationSid),
        listMembers(ConversationSid),
      ]);
      if (!conversation) return null;
      const count = conversation.MaxMessageIndex === null ? 0 : conversation.MaxMessageIndex + 1;
      const seen = members.find((member) => member.UserId === userId)?.LastSeenMessageIndex ?? null;
      return {
        ConversationSid,
        OtherUserId,
        StartedAt: conversation.createdAt,
        MessageCount: count,
        LastMessageAt: conversation.LastMessageDate,
        UnseenCount: conversation.MaxMessageIndex === null ? 0 : conversation.MaxMessageIndex - (seen ?? -1),
      };
    }),
  );
  return activity.filter((entry): entry is ChatActivity => entry !== null);
};
