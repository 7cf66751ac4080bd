/** WebSocket routes of the realtime channel: authenticated connections, presence and keep-alive. */
import type { ChatRole, PongMessage, RealtimeErrorMessage } from '@nutri/shared';
import { isSessionActive } from '../accounts';
import type { WebSocketEvent, WebSocketOperation } from '../http/websocket-operation';
import { now } from '../platform/clock';
import { logger } from '../platform/logger';
import { managementEndpoint, pushToConnection } from '../platform/realtime';
import { announcePresence } from './chat-actions';
import { deleteConnection, getConnection, putConnection } from '../platform/connections-repo';
import { consumeTicket } from '../platform/connection-tickets-repo';

const reply = async (event: WebSocketEvent, message: unknown) => {
  const { connectionId } = event.requestContext;
  const outcome = await pushToConnection(managementEndpoint(event.requestContext), connectionId, message);
  if (outcome === 'gone') await deleteConnection(connectionId);
};

/**
 * `$connect` with `?ticket=…` (see platform/connection-tickets-repo.ts): the ticket is consumed, and the connection stored
 * with its user so pushes find every tab of that user. Without a valid ticket the upgrade is refused
 * with 401 (missing, unknown, used or expired: the client fetches a new one and reconnects), and so is a
 * ticket whose session has ended since it was issued.
 */
export const connect: WebSocketOperation = async (event) => {
  const ticket = event.queryStringParameters?.ticket;
  if (!ticket || ticket.length > 200) return { statusCode: 401 };
  const holder = await consumeTicket(ticket, now());
  if (!holder) return { statusCode: 401 };
  const sessionOn = () => isSessionActive(holder.familyId, holder.userId, { fresh: true });
  if (!(await sessionOn())) return { statusCode: 401 };
  const { connectionId } = event.requestContext;
  await putConnection({
    connectionId,
    userId: holder.userId,
    role: holder.role,
    familyId: holder.familyId,
    connectedAt: now().toISOString(),
  });
  // Asked again once stored: a sign-out between the two reads closes the user's stored connections
  // without seeing this one, so this check must see the sign-out.
  if (!(await sessionOn())) {
    await deleteConnection(connectionId);
    return { statusCode: 401 };
  }
  await announceSafely(holder.userId, holder.role, 'connected');
  return { statusCode: 200 };
};

export const disconnect: WebSocketOperation = async (event) => {
  const connection = await getConnection(event.requestContext.connectionId);
  await deleteConnection(event.requestContext.connectionId);
  if (connection?.userId) {
    await leaveVideoRoomSafely(event);
    await announceSafely(connection.userId, connection.role, 'disconnected');
  }
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

/** Presence is a courtesy to the partners: a failure is logged, never a refused (dis)connection. */
const announceSafely = async (
  userId: string,
  role: ChatRole | null | undefined,
  change: 'connected' | 'disconnected',
) => {
  try {
    await announcePresence(userId, role, change);
  } catch (error) {
    logger.warn('Presence push failed', { change, reason: error instanceof Error ? error.name : 'Error' });
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
