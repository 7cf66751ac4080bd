/** Lambda entry of the `realtime` area (WebSocket API). */
import { createAreaHandler } from '../http/area-handler';
import { realtimeRoutes } from '../route-table/realtime';
import { isSessionActive } from '../accounts/start';
import { onlineUsers, sendMessage, setUserLastSeenMessage, typing } from './chat-actions';
import { connect, disconnect, ping, unknownAction } from './operations';

export const handler = createAreaHandler(
  realtimeRoutes,
  {
    rest: {},
    webSocket: {
      connect,
      disconnect,
      ping,
      unknownAction,
      sendMessage,
      startTyping: typing,
      endTyping: typing,
      setUserLastSeenMessage,
      onlineUsers,
    },
  },
  isSessionActive,
);
