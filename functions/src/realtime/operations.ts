/** WebSocket routes of the realtime channel: authenticated connections, presence and keep-alive. */
import type { PongMessage, RealtimeErrorMessage } from '@nutri/shared';
import { activeSessionCondition } from '../accounts/start';
import type { WebSocketEvent, WebSocketOperation } from '../http/websocket-operation';
import { now } from '../platform/clock';
import { logger } from '../platform/logger';
import { managementEndpoint, pushToConnection } from '../platform/realtime';
import { deleteConnection, putConnection, type Connection } from '../platform/connections-repo';
import { consumeTicket } from '../platform/connection-tickets-repo';
import { forgetConnection, rememberConnection } from './known-connections';
import { presenceOutboxPut } from './presence';

const reply = async (event: WebSocketEvent, message: unknown) => {
  const { connectionId } = event.requestContext;
  const outcome = await pushToConnection(managementEndpoint(event.requestContext), connectionId, message);
  if (outcome === 'gone') {
    forgetConnection(connectionId);
    await deleteConnection(connectionId);
  }
};

/**
 * `$connect` with `?ticket=…` (see platform/connection-tickets-repo.ts): the ticket is consumed, and the connection stored
 * with its user so pushes find every tab of that user. Without a valid ticket the upgrade is refused
 * with 401 (missing, unknown, used or expired: the client fetches a new one and reconnects), and so is a
 * ticket whose session has ended since it was issued. Two calls: the ticket's conditional delete, then
 * one transaction storing the connection on the condition that its session is on (atomic with a sign-out:
 * a sign-out revokes first and then closes the connections it finds, so it either refuses this one or
 * finds it) with the outbox item that announces the user's presence afterwards: the upgrade does not
 * wait for the partners' pushes.
 */
export const connect: WebSocketOperation = async (event) => {
  const ticket = event.queryStringParameters?.ticket;
  if (!ticket || ticket.length > 200) return { statusCode: 401 };
  const at = now();
  const holder = await consumeTicket(ticket, at);
  if (!holder) return { statusCode: 401 };
  const connection: Connection = {
    connectionId: event.requestContext.connectionId,
    userId: holder.userId,
    role: holder.role,
    familyId: holder.familyId,
    connectedAt: at.toISOString(),
  };
  const stored = await putConnection(connection, [
    activeSessionCondition(holder.familyId, holder.userId, at),
    presenceOutboxPut(connection, 'connected', at),
  ]);
  if (!stored) return { statusCode: 401 };
  rememberConnection(connection);
  return { statusCode: 200 };
};

/**
 * `$disconnect`: both items removed, with the outbox item that announces the user may have left; a closed
 * tab also leaves the video room it was in.
 */
export const disconnect: WebSocketOperation = async (event) => {
  const { connectionId } = event.requestContext;
  forgetConnection(connectionId);
  const removed = await deleteConnection(connectionId, (gone) =>
    gone.userId ? [presenceOutboxPut(gone, 'disconnected', now())] : [],
  );
  if (removed?.userId) await leaveVideoRoomSafely(event);
  return { statusCode: 200 };
};

// The video area is read by the first closing connection, not at this Lambda's start.
const video = () => import('../video');

/**
 * A closed tab leaves the video room it was in (docs/product.md#video-room), so the booking records the
 * departure and the other member learns it. Best effort, like presence: never a failed disconnect.
 */
const leaveVideoRoomSafely = async (event: WebSocketEvent) => {
  try {
    await (await video()).leaveRoomOfConnection(event);
  } catch (error) {
    logger.warn('Leaving the video room failed', { reason: error instanceof Error ? error.name : 'Error' });
  }
};

/** `{"action":"ping"}` -> `{"type":"pong"}`: clients ping every 30 s, which also keeps the connection from idling out. */
export const ping: WebSocketOperation = async (event) => {
  const pong: PongMessage = { type: 'pong', at: now().toISOString() };
  await reply(event, pong);
  return { statusCode: 200 };
};

/** Messages whose `action` names no route (or that are not JSON) get an Italian error, never silence. */
export const unknownAction: WebSocketOperation = async (event) => {
  logger.info('Unknown realtime action', { connectionId: event.requestContext.connectionId });
  const error: RealtimeErrorMessage = {
    type: 'error',
    code: 'unknown_action',
    message: 'Messaggio non riconosciuto: il campo "action" non corrisponde a nessuna operazione.',
  };
  await reply(event, error);
  return { statusCode: 200 };
};
