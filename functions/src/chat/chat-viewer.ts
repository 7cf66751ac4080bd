/**
 * The SystemAdmin chat viewer (docs/product.md#screens: /SystemSettings/ChatViewer; only the two members of
 * a conversation, and SystemAdmin through the chat viewer, audited, read it). Routes admit SystemAdmin only
 * (403 for every other role). Read-only: nothing here writes to a conversation, marks a message seen or
 * pushes to anyone. Every read of a user's conversation list and of a page of messages is audited
 * (platform/audit.ts: who, when, which user or conversation, which page) before anything is returned.
 */
import {
  CHAT_MESSAGES_PAGE_SIZE,
  CHAT_VIEWER_SEARCH_LIMIT,
  chatViewerMessagesQuerySchema,
  chatViewerSearchSchema,
  chatViewerTexts,
  type ChatViewerConversation,
  type ChatViewerConversationsResponse,
  type ChatViewerMessagesResponse,
  type ChatViewerRole,
  type ChatViewerUser,
} from '@nutri/shared';
import * as z from 'zod';
import { findUserByLogin, getDisplayNames, getUser, listRoleMembers } from '../accounts';
import { notFound } from '../http/errors';
import { defineOperation } from '../http/operation';
import { recordAudit } from '../platform/audit';
import { now } from '../platform/clock';
import { getConversation, listConversationsOfUser, listMessages, type Conversation } from './chat-repo';

const CHAT_ROLES: readonly ChatViewerRole[] = ['Patient', 'Nutritionist'];

const userIdPath = z.object({ userId: z.string().min(1).max(100) });
const conversationPath = z.object({ conversationSid: z.string().regex(/^CH[0-9a-f]{32}$/) });

/** Patients and nutritionists by e-mail (whole address) or by the start of their name. */
export const searchChatViewerUsers = defineOperation(
  ['SystemAdmin'],
  { query: chatViewerSearchSchema },
  async ({ query }) => {
    const found = new Map<string, ChatViewerUser>();
    if (query.search.includes('@')) {
      const user = await findUserByLogin(query.search);
      const roles = CHAT_ROLES.filter((role) => user?.roles.includes(role));
      if (user && roles.length)
        found.set(user.Id, {
          UserId: user.Id,
          DisplayName: user.DisplayName,
          Email: user.Email,
          Roles: roles,
        });
    } else {
      const pages = await Promise.all(
        CHAT_ROLES.map(async (role) => ({
          role,
          members: (await listRoleMembers(role, query.search, CHAT_VIEWER_SEARCH_LIMIT)).members,
        })),
      );
      for (const { role, members } of pages)
        for (const member of members) {
          const known = found.get(member.userId);
          if (known) known.Roles.push(role);
          else
            found.set(member.userId, {
              UserId: member.userId,
              DisplayName: member.DisplayName,
              Email: member.Email,
              Roles: [role],
            });
        }
    }
    const data = [...found.values()].sort((a, b) => a.DisplayName.localeCompare(b.DisplayName, 'it'));
    return { Data: data };
  },
);

const member = (userId: string, names: Map<string, string>) => ({
  UserId: userId,
  DisplayName: names.get(userId) ?? '',
});

/** The user's conversations, newest first; the read is audited (who talks to whom is sensitive too). */
export const getChatViewerConversations = defineOperation(
  ['SystemAdmin'],
  { path: userIdPath },
  async ({ actor, path }) => {
    const actorUserId = actor.userId;
    const user = await getUser(path.userId);
    if (!user) throw notFound(chatViewerTexts.userNotFound);
    const members = await listConversationsOfUser(user.Id);
    const conversations = (await Promise.all(members.map((m) => getConversation(m.ConversationSid)))).filter(
      (conversation): conversation is Conversation => conversation !== null,
    );
    const names = await getDisplayNames([
      user.Id,
      ...conversations.flatMap((c) => [c.PatientUserId, c.NutritionistUserId]),
    ]);
    const data: ChatViewerConversation[] = conversations
      .map((conversation) => ({
        ConversationSid: conversation.ConversationSid,
        Patient: member(conversation.PatientUserId, names),
        Nutritionist: member(conversation.NutritionistUserId, names),
        MessageCount: conversation.MaxMessageIndex === null ? 0 : conversation.MaxMessageIndex + 1,
        LastMessageDate: conversation.LastMessageDate,
      }))
      .sort((a, b) => (b.LastMessageDate ?? '').localeCompare(a.LastMessageDate ?? ''));
    await recordAudit(
      {
        Action: 'chat.conversations.list',
        ActorUserId: actorUserId,
        SubjectType: 'user',
        SubjectId: user.Id,
        Details: { Count: data.length },
      },
      now(),
    );
    const response: ChatViewerConversationsResponse = { User: member(user.Id, names), Data: data };
    return response;
  },
);

/** One page of a conversation's messages (newest page first, oldest message first), audited. */
export const getChatViewerMessages = defineOperation(
  ['SystemAdmin'],
  { path: conversationPath, query: chatViewerMessagesQuerySchema },
  async ({ actor, path, query }) => {
    const actorUserId = actor.userId;
    const conversation = await getConversation(path.conversationSid);
    if (!conversation) throw notFound(chatViewerTexts.conversationNotFound);
    const items = await listMessages(conversation.ConversationSid, {
      beforeIndex: query.before,
      limit: CHAT_MESSAGES_PAGE_SIZE,
    });
    items.reverse();
    // Recorded before anything is returned: a failed write fails the read.
    await recordAudit(
      {
        Action: 'chat.messages.read',
        ActorUserId: actorUserId,
        SubjectType: 'conversation',
        SubjectId: conversation.ConversationSid,
        Details: {
          PatientUserId: conversation.PatientUserId,
          NutritionistUserId: conversation.NutritionistUserId,
          Before: query.before ?? null,
          FirstIndex: items[0]?.MessageIndex ?? null,
          LastIndex: items[items.length - 1]?.MessageIndex ?? null,
          Count: items.length,
        },
      },
      now(),
    );
    const names = await getDisplayNames([conversation.PatientUserId, conversation.NutritionistUserId]);
    const response: ChatViewerMessagesResponse = {
      ConversationSid: conversation.ConversationSid,
      Patient: member(conversation.PatientUserId, names),
      Nutritionist: member(conversation.NutritionistUserId, names),
      Items: items,
      HasMore: items.length > 0 && items[0]!.MessageIndex > 0,
    };
    return response;
  },
);
