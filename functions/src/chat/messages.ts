/**
 * Posting a message to a patient–nutritionist conversation: the conversation is created on first use,
 * the message stored at the next index (idempotent on its MessageId), then pushed to both members.
 * The booking effects post their widget messages here; the chat's SendMessage does too.
 */
import type { ChatMessageAttributes } from '@nutri/shared';
import { appendMessage, openConversation } from './chat-repo';
import { pushConversationAdded, pushMessageAdded } from './push';

export interface PostMessage {
  patientUserId: string;
  nutritionistUserId: string;
  messageId: string;
  authorId: string;
  body: string;
  attributes: ChatMessageAttributes;
  at: Date;
}

export const postMessage = async (input: PostMessage) => {
  const { conversation, created } = await openConversation(
    input.patientUserId,
    input.nutritionistUserId,
    input.at,
  );
  // A booking message can be the pair's first: their lists learn the conversation before the message.
  if (created) await pushConversationAdded(conversation, conversation.ConversationSid);
  const result = await appendMessage(
    {
      conversationSid: conversation.ConversationSid,
      messageId: input.messageId,
      authorId: input.authorId,
      body: input.body,
      attributes: input.attributes,
      at: input.at,
    },
    conversation,
  );
  // Only a new message is announced: a repeated post found it already stored (and announced).
  if (result.created) await pushMessageAdded(conversation, result.message);
  return { conversation, ...result };
};
