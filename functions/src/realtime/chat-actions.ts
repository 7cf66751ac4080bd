/**
 * Chat actions of the realtime channel (docs/product.md#api): SendMessage, StartTyping, EndTyping,
 * SetUserLastSeenMessage and OnlineUsers. The sender is the connection's user (stored at `$connect` from
 * the ticket); every action checks that this user is a member of the conversation named. The connection
 * and the conversation's members come from what this container already read (they never change), so a
 * message costs its append transaction (which also checks the sender's session) and one read of both
 * members' connections (docs/decisions/0020-chat-hot-path.md).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  chatActionErrors,
  isCleanMultiLine,
  sendMessageActionSchema,
  setUserLastSeenMessageActionSchema,
  typingActionSchema,
  type ChatServerEvent,
  type RealtimeErrorMessage,
} from '@nutri/shared';
import { activeSessionCondition, isSessionActive } from '../accounts/start';
import type { WebSocketEvent, WebSocketOperation } from '../http/websocket-operation';
import { AppError } from '../http/errors';
import {
  otherMemberOf,
  conversationOfMember,
  knownConversationOfMember,
  appendMessage,
  setLastSeenIndex,
  pushMessageAdded,
  pushToUsers,
} from '../chat';
import { now } from '../platform/clock';
import { isDomainError } from '../platform/domain-error';
import { managementEndpoint, pushToConnection } from '../platform/realtime';
import { deleteConnection, listConnectionsOfUsers } from '../platform/connections-repo';
import { closeSessionConnections } from '../platform/session-connections';
import { forgetConnection, knownConnection } from './known-connections';
import { partnersOf } from './presence';

const reply = async (event: WebSocketEvent, message: ChatServerEvent | RealtimeErrorMessage) => {
  const { connectionId } = event.requestContext;
  const outcome = await pushToConnection(managementEndpoint(event.requestContext), connectionId, message);
  if (outcome === 'gone') {
    forgetConnection(connectionId);
    await deleteConnection(connectionId);
  }
};

const refuse = async (event: WebSocketEvent, code: string, message: string) => {
  await reply(event, { type: 'error', code, message });
  return { statusCode: 200 };
};

/**
 * The connection's user while its session is on (the session check is cached briefly, like REST's).
 * A connection of an ended session is closed; connections stored before sessions were recorded on them
 * carry none and live out their 2 hours.
 */
const signedInConnection = async (event: WebSocketEvent) => {
  const connection = await knownConnection(event.requestContext.connectionId);
  if (!connection?.userId) return null;
  if (connection.familyId && !(await isSessionActive(connection.familyId, connection.userId))) {
    forgetConnection(connection.connectionId);
    await closeSessionConnections(connection.userId, new Set([connection.familyId]));
    return null;
  }
  return connection;
};

/**
 * Refuses an action that wrote nothing. `sessionChecked` false: the session was not asked yet (SendMessage
 * asks inside its write), so a connection whose session has ended is refused as such first, and closed.
 */
const refuseAction = async (
  event: WebSocketEvent,
  code: string,
  message: string,
  { sessionChecked = true } = {},
) => {
  if (!sessionChecked && !(await signedInConnection(event)))
    return refuse(event, 'unauthorized', chatActionErrors.notSignedIn);
  return refuse(event, code, message);
};

/**
 * The sender and the parsed body, or null after an error reply. `sessionInWrite`: the action's own write
 * checks the session (SendMessage's transaction), so it is not asked here, except before an error reply.
 */
const parse = async <T>(event: WebSocketEvent, schema: z.ZodType<T>, { sessionInWrite = false } = {}) => {
  const connection = sessionInWrite
    ? await knownConnection(event.requestContext.connectionId)
    : await signedInConnection(event);
  if (!connection?.userId) {
    await refuse(event, 'unauthorized', chatActionErrors.notSignedIn);
    return null;
  }
  let body: unknown;
  try {
    body = JSON.parse(event.body ?? '');
  } catch {
    body = undefined;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    await refuseAction(event, 'validation_failed', chatActionErrors.invalid, {
      sessionChecked: !sessionInWrite,
    });
    return null;
  }
  return {
    connection: { ...connection, userId: connection.userId },
    userId: connection.userId,
    body: parsed.data,
  };
};

/**
 * The conversation when the user is a member; null after a 'not found' reply. `known`: as this container
 * last knew it (members right, MaxMessageIndex possibly behind), else read.
 */
const memberConversation = async (
  event: WebSocketEvent,
  conversationSid: string,
  userId: string,
  { known = true, sessionChecked = true } = {},
) => {
  try {
    return await (known ? knownConversationOfMember : conversationOfMember)(conversationSid, userId);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'not_found') throw error;
    await refuseAction(event, 'not_found', chatActionErrors.notFound, { sessionChecked });
    return null;
  }
};

/**
 * SendMessage: stored at the next index first, then MessageAdded to every tab of both members. Whether the
 * sender's session is still on is a condition of the append's own transaction (not a read before it): a
 * message of an ended session is never stored, and the connection is then closed.
 */
export const sendMessage: WebSocketOperation = async (event) => {
  const input = await parse(event, sendMessageActionSchema, { sessionInWrite: true });
  if (!input) return { statusCode: 200 };
  const unchecked = { sessionChecked: false };
  const text = input.body.Text.trim();
  if (!text) return refuseAction(event, 'validation_failed', chatActionErrors.emptyMessage, unchecked);
  if (text.length > CHAT_MESSAGE_MAX_LENGTH)
    return refuseAction(event, 'validation_failed', chatActionErrors.tooLong, unchecked);
  if (!isCleanMultiLine(text))
    return refuseAction(event, 'validation_failed', chatActionErrors.controlCharacters, unchecked);
  const conversation = await memberConversation(event, input.body.ConversationSid, input.userId, unchecked);
  if (!conversation) return { statusCode: 200 };
  const at = now();
  const { connection } = input;
  let result;
  try {
    result = await appendMessage(
      {
        conversationSid: conversation.ConversationSid,
        // Scoped by author, so one user's ids can never collide with (and read back) another's message.
        messageId: `${input.userId}:${input.body.MessageId ?? randomUUID()}`,
        authorId: input.userId,
        body: text,
        attributes: {},
        at,
        // Connections stored before sessions were recorded on them carry none (they live out their 2 hours).
        ...(connection.familyId
          ? { condition: activeSessionCondition(connection.familyId, connection.userId, at) }
          : {}),
      },
      conversation,
    );
  } catch (error) {
    if (!isDomainError(error, 'session-ended') || !connection.familyId) throw error;
    // Told why before its connections are closed.
    await refuse(event, 'unauthorized', chatActionErrors.notSignedIn);
    forgetConnection(connection.connectionId);
    await closeSessionConnections(connection.userId, new Set([connection.familyId]));
    return { statusCode: 200 };
  }
  // What I wrote I have seen: appendMessage moved my own mark to it in the same write.
  if (result.created) await pushMessageAdded(conversation, result.message);
  // A retried send gets its stored message back (its tab may have missed the first push).
  else await reply(event, { type: 'MessageAdded', message: result.message });
  return { statusCode: 200 };
};

/** StartTyping / EndTyping: typingStarted / typingEnded to the other member's tabs. */
export const typing: WebSocketOperation = async (event) => {
  const input = await parse(event, typingActionSchema);
  if (!input) return { statusCode: 200 };
  const conversation = await memberConversation(event, input.body.ConversationSid, input.userId);
  if (!conversation) return { statusCode: 200 };
  await pushToUsers([otherMemberOf(conversation, input.userId)], {
    type: input.body.action === 'StartTyping' ? 'typingStarted' : 'typingEnded',
    ConversationSid: conversation.ConversationSid,
    UserId: input.userId,
  });
  return { statusCode: 200 };
};

/**
 * SetUserLastSeenMessage: the member's last seen index moves forward (never back); the other member
 * gets MessageSeen (read receipt), the member's other tabs UpdateMyLastSeenMessageIndex.
 */
export const setUserLastSeenMessage: WebSocketOperation = async (event) => {
  const input = await parse(event, setUserLastSeenMessageActionSchema);
  if (!input) return { statusCode: 200 };
  const index = input.body.MessageIndex;
  let conversation = await memberConversation(event, input.body.ConversationSid, input.userId);
  const beyond = () =>
    conversation && (conversation.MaxMessageIndex === null || index > conversation.MaxMessageIndex);
  // What this container knew may be behind the store (another container appended): asked again first.
  if (beyond())
    conversation = await memberConversation(event, input.body.ConversationSid, input.userId, {
      known: false,
    });
  if (!conversation) return { statusCode: 200 };
  if (beyond()) return refuse(event, 'validation_failed', chatActionErrors.invalid);
  if (!(await setLastSeenIndex(conversation.ConversationSid, input.userId, index)))
    return { statusCode: 200 };
  const sid = conversation.ConversationSid;
  await Promise.all([
    pushToUsers([otherMemberOf(conversation, input.userId)], {
      type: 'MessageSeen',
      ConversationSid: sid,
      UserId: input.userId,
      MessageIndex: index,
    }),
    pushToUsers(
      [input.userId],
      { type: 'UpdateMyLastSeenMessageIndex', ConversationSid: sid, MessageIndex: index },
      event.requestContext.connectionId,
    ),
  ]);
  return { statusCode: 200 };
};

/** OnlineUsers: the partners that have at least one open connection. */
export const onlineUsers: WebSocketOperation = async (event) => {
  const connection = await signedInConnection(event);
  if (!connection?.userId) return refuse(event, 'unauthorized', chatActionErrors.notSignedIn);
  const partners = await partnersOf(connection.userId, connection.role);
  const connections = await listConnectionsOfUsers(partners);
  await reply(event, {
    type: 'OnlineUsers',
    UserIds: partners.filter((userId) => connections.get(userId)?.length),
  });
  return { statusCode: 200 };
};
