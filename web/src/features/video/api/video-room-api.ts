/** REST calls of the video room (docs/product.md#video-room): the room as the caller sees it, and its ICE servers. */
import type { VideoIceServersView, VideoRoomView } from '@nutri/shared';
import { api, apiPath } from '../../../api/client';

export const fetchVideoRoom = (bookingId: string) =>
  api.get<VideoRoomView>(apiPath('Bookings', bookingId, 'VideoRoom'));

export const fetchIceServers = (bookingId: string) =>
  api.get<VideoIceServersView>(apiPath('Bookings', bookingId, 'VideoRoom', 'IceServers'));
