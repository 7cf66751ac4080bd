/**
 * Pushes chat events to every open connection (every tab) of some users. Best effort: a gone
 * connection (410) is removed, any other failure is logged and ignored, so a push can never fail or
 * undo what was stored before it (clients reload conversations and history when they reconnect).
 */
import type { ChatMessage, ChatServerEvent } from '@nutri/shared';
import { logger } from '../platform/logger';
import { managementEndpoint, pushToConnection } from '../platform/realtime';
import { deleteConnection, listUserConnections } from '../realtime/connections-repo';
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
  await Promise.all(
    [...new Set(userIds)].map(async (userId) => {
      try {
        const connections = await listUserConnections(userId);
        await Promise.all(
          connections
            .filter(({ connectionId }) => connectionId !== exceptConnectionId)
            .map(async ({ connectionId }) => {
              try {
                if ((await pushToConnection(endpoint, connectionId, event)) === 'gone')
                  await deleteConnection(connectionId);
              } catch (error) {
                logger.warn('Chat push failed', {
                  type: event.type,
                  connectionId,
                  reason: error instanceof Error ? error.name : 'Error',
                });
              }
            }),
        );
      } catch (error) {
        logger.warn('Chat push skipped', {
          type: event.type,
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
