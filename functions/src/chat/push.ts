/**
 * Pushes chat events to every open connection (every tab) of some users. Best effort: a gone
 * connection (410) is removed (unless it is still connecting), any other failure is logged and ignored
 * (the SDK has already retried throttling and transient errors), so a push can never fail or undo what
 * was stored before it (clients reload conversations and history when they (re)connect).
 */
import type { ChatMessage, ChatServerEvent } from '@nutri/shared';
import { logger } from '../platform/logger';
import { managementEndpoint, pushToConnection } from '../platform/realtime';
import { now } from '../platform/clock';
import { deleteGoneConnection, listConnectionsOfUsers, type Connection } from '../platform/connections-repo';
import type { Conversation } from './chat-repo';

/** Sends the event to the users' connections, except `exceptConnectionId` (the sender's own tab). */
export const pushToUsers = async (
  userIds: readonly string[],
  event: ChatServerEvent,
  exceptConnectionId?: string,
) => {
  let endpoint: string;
  try {
    endpoint = managementEndpoint();
  } catch {
    // No WebSocket API configured (e.g. a script using the functions code): nobody to push to.
    return;
  }
  let connections: Connection[];
  try {
    // Read after the caller's commit, all users at once: a tab is either listed here (and gets the
    // event) or opened after the commit (and loads the state then).
    connections = [...(await listConnectionsOfUsers(userIds)).values()].flat();
  } catch (error) {
    logger.warn('Chat push skipped', {
      type: event.type,
      reason: error instanceof Error ? error.name : 'Error',
    });
    return;
  }
  await Promise.all(
    connections
      .filter(({ connectionId }) => connectionId !== exceptConnectionId)
      .map(async (connection) => {
        const { connectionId } = connection;
        try {
          // A 410 for a connection still in its `$connect` is no proof it is gone (see
          // CONNECT_GRACE_MS): that tab misses this event but reloads its lists once open.
          if ((await pushToConnection(endpoint, connectionId, event)) === 'gone')
            await deleteGoneConnection(connection, now());
        } catch (error) {
          logger.warn('Chat push failed', {
            type: event.type,
            connectionId,
            reason: error instanceof Error ? error.name : 'Error',
          });
        }
      }),
  );
};

/** MessageAdded to both members, after the message was stored. */
export const pushMessageAdded = (conversation: Conversation, message: ChatMessage) =>
  pushToUsers([conversation.PatientUserId, conversation.NutritionistUserId], {
    type: 'MessageAdded',
    message,
  });

type Pair = Pick<Conversation, 'PatientUserId' | 'NutritionistUserId'>;

/** ConversationAdded to both members' tabs, each event naming the other member. */
export const pushConversationAdded = async (pair: Pair, conversationSid: string | null) => {
  await Promise.all([
    pushToUsers([pair.PatientUserId], {
      type: 'ConversationAdded',
      UserId: pair.NutritionistUserId,
      ConversationSid: conversationSid,
    }),
    pushToUsers([pair.NutritionistUserId], {
      type: 'ConversationAdded',
      UserId: pair.PatientUserId,
      ConversationSid: conversationSid,
    }),
  ]);
};

/** ConversationRemoved to both members' tabs, each event naming the other member. */
export const pushConversationRemoved = async (pair: Pair) => {
  await Promise.all([
    pushToUsers([pair.PatientUserId], { type: 'ConversationRemoved', UserId: pair.NutritionistUserId }),
    pushToUsers([pair.NutritionistUserId], { type: 'ConversationRemoved', UserId: pair.PatientUserId }),
  ]);
};
