/**
 * REST operations of the chat (docs/product.md#api, Chat): the connection ticket, the conversation lists of
 * both roles, the direct conversation (created on first selection), the message history paging
 * backwards, and the nutritionist's archive.
 */
import * as z from 'zod';
import {
  CHAT_MESSAGES_PAGE_SIZE,
  archiveConversationSchema,
  chatMessagesQuerySchema,
  nutritionistConversationsQuerySchema,
  unreadCount,
  type ChatMessagesResponse,
  type ChatRole,
  type ConnectionTicketResponse,
  type ConversationView,
  type DirectConversationResponse,
} from '@nutri/shared';
import type { SignedInActor } from '../http/actor';
import { unauthorized } from '../http/errors';
import { defineOperation } from '../http/operation';
import { getUserContacts, type UserContact } from '../accounts';
import { matchesAllWords, nameWords, getPatientProfile, searchPatientsOfNutritionist } from '../onboarding';
import { now } from '../platform/clock';
import { issueTicket } from '../platform/connection-tickets-repo';
import { listUserConnections } from '../platform/connections-repo';
import { chatRoleOf, conversationOfMember, resolvePair } from './access';
import {
  getConversation,
  listConversationsOfUser,
  listMembers,
  listMessages,
  openConversation,
  setArchived,
  type Conversation,
} from './chat-repo';
import { withFileUrls, withFileUrlsAll } from './file-urls';
import { pushConversationAdded, pushToUsers } from './push';

/** Patients listed at once in the nutritionist's chat list (docs/product.md#limits: nutritionist list 50). */
const NUTRITIONIST_LIST_SIZE = 50;

const userIdPathSchema = z.object({ userId: z.string().min(1).max(100) });
const conversationPathSchema = z.object({ conversationSid: z.string().regex(/^CH[0-9a-f]{32}$/) });

const me = (actor: SignedInActor<ChatRole>) => ({ userId: actor.userId, role: chatRoleOf(actor) });

/** The view of one conversation (or of a pair without one yet) from `userId`'s side. */
const buildView = async (
  userId: string,
  otherUserId: string,
  conversation: Conversation | null,
  contact: UserContact | undefined,
  showEmail: boolean,
): Promise<ConversationView> => {
  const [members, lastMessages, connections] = await Promise.all([
    conversation ? listMembers(conversation.ConversationSid) : Promise.resolve([]),
    conversation && conversation.MaxMessageIndex !== null
      ? listMessages(conversation.ConversationSid, { limit: 1 })
      : Promise.resolve([]),
    listUserConnections(otherUserId),
  ]);
  const mine = members.find((member) => member.UserId === userId);
  const theirs = members.find((member) => member.UserId === otherUserId);
  const maxIndex = conversation?.MaxMessageIndex ?? null;
  const myLastSeen = mine?.LastSeenMessageIndex ?? null;
  return {
    UserId: otherUserId,
    ConversationSid: conversation?.ConversationSid ?? null,
    DisplayName: contact?.DisplayName ?? '',
    // The spec's identity of the other member in the chat; the user id, so no e-mail address is exposed.
    EmailIdentifier: otherUserId,
    ContactEmail: showEmail ? (contact?.Email ?? null) : null,
    isOnline: connections.length > 0,
    IsArchived: mine?.IsArchived ?? false,
    MaxMessageIndex: maxIndex,
    MyLastSeenMessageIndex: myLastSeen,
    UserLastSeenMessageIndex: theirs?.LastSeenMessageIndex ?? null,
    LastMessageDate: conversation?.LastMessageDate ?? null,
    newMessageCount: unreadCount(maxIndex, myLastSeen),
    // A file's links are made for the reader, a member (the conversation comes from their member item).
    LastMessage: lastMessages[0] ? await withFileUrls(lastMessages[0]) : null,
  };
};

/** Newest conversations first; pairs without messages after, by name. */
const byRecency = (a: ConversationView, b: ConversationView) =>
  (b.LastMessageDate ?? '').localeCompare(a.LastMessageDate ?? '') ||
  a.DisplayName.localeCompare(b.DisplayName, 'it');

/**
 * Views of the user's pairs with `otherUserIds`; `members` are the user's member items (their sids).
 * `showEmail`: the nutritionist's list, where each patient's e-mail tells same-named ones apart.
 */
const viewsFor = async (
  userId: string,
  otherUserIds: readonly string[],
  members: readonly { ConversationSid: string; OtherUserId: string }[],
  showEmail = false,
) => {
  const contacts = await getUserContacts(otherUserIds);
  const sidOf = new Map(members.map((member) => [member.OtherUserId, member.ConversationSid]));
  return Promise.all(
    otherUserIds.map(async (otherUserId) => {
      const sid = sidOf.get(otherUserId);
      const conversation = sid ? await getConversation(sid) : null;
      return buildView(userId, otherUserId, conversation, contacts.get(otherUserId), showEmail);
    }),
  );
};

export const createConnectionTicket = defineOperation(['Patient', 'Nutritionist'], {}, async ({ actor }) => {
  // The ticket names the session, so signing out closes the connection it opens.
  if (!actor.family) throw unauthorized();
  const { ticket, expiresAt } = await issueTicket({ ...me(actor), familyId: actor.family }, now());
  const response: ConnectionTicketResponse = { Ticket: ticket, ExpiresAt: expiresAt.toISOString() };
  return response;
});

/** The patient's conversations: their nutritionist's (even before the first message) and any earlier one. */
export const getPatientConversations = defineOperation(['Patient'], {}, async ({ actor }) => {
  const { userId } = me(actor);
  const [profile, members] = await Promise.all([getPatientProfile(userId), listConversationsOfUser(userId)]);
  const others = new Set(members.map((member) => member.OtherUserId));
  if (profile?.DefaultNutritionistUserId) others.add(profile.DefaultNutritionistUserId);
  const views = await viewsFor(userId, [...others], members);
  return views.sort(byRecency);
});

/**
 * The nutritionist's conversations: every current patient (by name prefix when searching) and the
 * patients they already wrote with, newest first. Archived ones come with IsArchived (the screen hides
 * them unless 'Tutti i pazienti' is on).
 */
export const getNutritionistConversations = defineOperation(
  ['Nutritionist'],
  { query: nutritionistConversationsQuerySchema },
  async ({ actor, query }) => {
    const { userId } = me(actor);
    const search = query.search ?? '';
    const typed = nameWords(search);
    const [patients, members] = await Promise.all([
      searchPatientsOfNutritionist(userId, search, NUTRITIONIST_LIST_SIZE),
      listConversationsOfUser(userId),
    ]);
    const others = new Set(patients.map((patient) => patient.UserId));
    for (const member of members) others.add(member.OtherUserId);
    let views = await viewsFor(userId, [...others], members, true);
    // Earlier patients (from the member items) are matched as the search matches current ones.
    if (typed.length) views = views.filter((view) => matchesAllWords(typed, nameWords(view.DisplayName)));
    return views.sort(byRecency).slice(0, NUTRITIONIST_LIST_SIZE);
  },
);

/** The pair's conversation id, creating the conversation on first selection. */
export const getDirectConversation = defineOperation(
  ['Patient', 'Nutritionist'],
  { path: userIdPathSchema },
  async ({ actor, path }) => {
    const caller = me(actor);
    const pair = await resolvePair(caller, path.userId);
    let conversation = pair.conversation;
    if (!conversation) {
      const opened = await openConversation(pair.patientUserId, pair.nutritionistUserId, now());
      conversation = opened.conversation;
      // Both members' lists get the new id (e.g. the other member's open screen can now receive into it).
      if (opened.created) await pushConversationAdded(conversation, conversation.ConversationSid);
    }
    const response: DirectConversationResponse = { ConversationId: conversation.ConversationSid };
    return response;
  },
);

/** One page of history, newest page first (`before` = the oldest index the client holds). */
export const getMessages = defineOperation(
  ['Patient', 'Nutritionist'],
  { path: userIdPathSchema, query: chatMessagesQuerySchema },
  async ({ actor, path, query }) => {
    const pair = await resolvePair(me(actor), path.userId);
    const sid = pair.conversation?.ConversationSid ?? null;
    // File messages get fresh links here, after the membership check of resolvePair.
    const items = sid
      ? await withFileUrlsAll(
          await listMessages(sid, { beforeIndex: query.before, limit: CHAT_MESSAGES_PAGE_SIZE }),
        )
      : [];
    items.reverse();
    const response: ChatMessagesResponse = {
      ConversationSid: sid,
      Items: items,
      HasMore: items.length > 0 && items[0]!.MessageIndex > 0,
    };
    return response;
  },
);

/** Archive or move back to the inbox (the nutritionist's own list); announced to their other tabs. */
export const archiveConversation = defineOperation(
  ['Nutritionist'],
  { path: conversationPathSchema, body: archiveConversationSchema },
  async ({ actor, path, body }) => {
    const { userId } = me(actor);
    const conversation = await conversationOfMember(path.conversationSid, userId);
    await setArchived(conversation.ConversationSid, userId, body.IsArchived);
    await pushToUsers([userId], {
      type: 'OnConversationArchived',
      ConversationSid: conversation.ConversationSid,
      IsArchived: body.IsArchived,
    });
    return { ConversationSid: conversation.ConversationSid, IsArchived: body.IsArchived };
  },
);
