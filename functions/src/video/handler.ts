/** Lambda entry of the `video` area: the video room's REST calls and its signalling on the realtime channel. */
import type { WebSocketOperation } from '../http/websocket-operation';
import { createAreaHandler, lazyOperation } from '../http/area-handler';
import { videoRoutes } from '../route-table/video';
import { isSessionActive } from '../accounts/start';
import { joinVideoRoom, leaveVideoRoom, videoMediaState, videoSignal } from './signalling';

// The REST calls are read on first use; the signalling frames, the bulk of this Lambda's work, at start.
const loadRoomView = () => import('./room-view');

export const handler = createAreaHandler(
  videoRoutes,
  {
    rest: {
      getVideoRoom: lazyOperation(loadRoomView, 'getVideoRoom'),
      getVideoIceServers: lazyOperation(loadRoomView, 'getVideoIceServers'),
    },
    webSocket: {
      joinVideoRoom,
      leaveVideoRoom,
      videoSignal,
      videoMediaState,
    } satisfies Record<string, WebSocketOperation>,
  },
  isSessionActive,
);
