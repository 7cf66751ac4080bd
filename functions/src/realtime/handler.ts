/** Lambda entry of the `realtime` area (WebSocket API). */
import { createAreaHandler } from '../http/area-handler';
import { connect, disconnect, ping, unknownAction } from './operations';

export const handler = createAreaHandler('realtime', {
  rest: {},
  webSocket: { connect, disconnect, ping, unknownAction },
});
