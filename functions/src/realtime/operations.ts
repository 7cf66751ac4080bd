/** WebSocket routes of the realtime channel: connection bookkeeping and keep-alive. */
import type { PongMessage, RealtimeErrorMessage } from '@nutri/shared';
import type { WebSocketEvent, WebSocketOperation } from '../http/websocket-operation';
import { now } from '../platform/clock';
import { logger } from '../platform/logger';
import { managementEndpoint, pushToConnection } from '../platform/realtime';
import { deleteConnection, putConnection } from './connections-repo';

const reply = async (event: WebSocketEvent, message: unknown) => {
  const { connectionId } = event.requestContext;
  const outcome = await pushToConnection(managementEndpoint(event.requestContext), connectionId, message);
  if (outcome === 'gone') await deleteConnection(connectionId);
};

export const connect: WebSocketOperation = async (event) => {
  await putConnection({
    connectionId: event.requestContext.connectionId,
    userId: null,
    connectedAt: now().toISOString(),
  });
  return { statusCode: 200 };
};

export const disconnect: WebSocketOperation = async (event) => {
  await deleteConnection(event.requestContext.connectionId);
  return { statusCode: 200 };
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
