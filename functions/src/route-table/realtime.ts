/** The realtime area's routes, all its Lambda reads at start (the whole table: functions/src/routes.ts). */
import type { WebSocketRoute } from './types';

export const realtimeWebSocketRoutes = [
  { routeKey: '$connect', area: 'realtime', operation: 'connect' },
  { routeKey: '$disconnect', area: 'realtime', operation: 'disconnect' },
  { routeKey: '$default', area: 'realtime', operation: 'unknownAction' },
  { routeKey: 'ping', area: 'realtime', operation: 'ping' },
  // Chat (docs/product.md#api: realtime channel); the client pings every 30 s with `ping`.
  { routeKey: 'SendMessage', area: 'realtime', operation: 'sendMessage' },
  { routeKey: 'StartTyping', area: 'realtime', operation: 'startTyping' },
  { routeKey: 'EndTyping', area: 'realtime', operation: 'endTyping' },
  { routeKey: 'SetUserLastSeenMessage', area: 'realtime', operation: 'setUserLastSeenMessage' },
  { routeKey: 'OnlineUsers', area: 'realtime', operation: 'onlineUsers' },
] as const satisfies readonly WebSocketRoute[];

export const realtimeRoutes = { area: 'realtime', rest: [], webSocket: realtimeWebSocketRoutes } as const;
