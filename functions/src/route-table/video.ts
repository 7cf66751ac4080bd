/** The video area's routes, all its Lambda reads at start (the whole table: functions/src/routes.ts). */
import { api, type RestRoute, type WebSocketRoute } from './types';

export const videoRestRoutes = [
  // The video room of a booking (docs/product.md#video-room): only its patient and nutritionist (any other
  // caller gets 404, the booking's owner checked in the operation).
  {
    method: 'GET',
    path: api('Bookings/{BookingId}/VideoRoom'),
    area: 'video',
    operation: 'getVideoRoom',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'GET',
    path: api('Bookings/{BookingId}/VideoRoom/IceServers'),
    area: 'video',
    operation: 'getVideoIceServers',
    access: ['Patient', 'Nutritionist'],
  },
] as const satisfies readonly RestRoute[];

export const videoWebSocketRoutes = [
  // Signalling of the room on the realtime channel: every frame checked against its booking.
  { routeKey: 'JoinVideoRoom', area: 'video', operation: 'joinVideoRoom' },
  { routeKey: 'LeaveVideoRoom', area: 'video', operation: 'leaveVideoRoom' },
  { routeKey: 'VideoSignal', area: 'video', operation: 'videoSignal' },
  { routeKey: 'VideoMediaState', area: 'video', operation: 'videoMediaState' },
] as const satisfies readonly WebSocketRoute[];

export const videoRoutes = { area: 'video', rest: videoRestRoutes, webSocket: videoWebSocketRoutes } as const;
