/**
 * The REST face of the video room (docs/product.md#video-room): the room as its patient or nutritionist
 * sees it (when it opens and closes, whether the other member is in, the pair's chat for the side panel)
 * and the ICE servers of the call. Anyone else gets 404; a booking that cannot have a call today gets 422
 * with a VideoRoomRefusal code and its Italian message.
 */
import type { VideoRoomView } from '@nutri/shared';
import * as z from 'zod';
import { getDisplayNames } from '../accounts';
import { getBooking } from '../bookings';
import { pairConversationSid } from '../chat';
import { AppError } from '../http/errors';
import { defineOperation } from '../http/operation';
import { pathId } from '../http/path-id';
import { now } from '../platform/clock';
import { iceServersForCall } from './ice-servers';
import { listRoomMembers } from './room-repo';
import type { RoomCheck } from './room-rules';
import { checkOpenRoom, checkRoom } from './room-rules';

const roomPath = z.object({ BookingId: pathId });

/** The room, or the refusal as an HTTP error (404 for a non-member, 422 with its code otherwise). */
const roomOrThrow = (check: RoomCheck) => {
  if (check.room) return check.room;
  const { code, message } = check.refusal;
  if (code === 'not_found') throw new AppError('not_found', message);
  throw new AppError('unprocessable', message, { publicCode: code });
};

export const getVideoRoom = defineOperation(
  ['Patient', 'Nutritionist'],
  { path: roomPath },
  async ({ actor, path }): Promise<VideoRoomView> => {
    const at = now();
    const room = roomOrThrow(checkRoom(await getBooking(path.BookingId), actor.userId, at));
    const { booking } = room;
    const patientId = booking.PatientUserId;
    const [names, members, conversationSid] = await Promise.all([
      getDisplayNames([room.otherUserId]),
      listRoomMembers(booking.BookingId, at),
      pairConversationSid(patientId, booking.NutritionistUserId),
    ]);
    return {
      BookingId: booking.BookingId,
      BookingTypeId: booking.BookingTypeId,
      Role: room.party,
      OtherUserId: room.otherUserId,
      OtherName: names.get(room.otherUserId) ?? '',
      BookingTime: booking.BookingTime,
      EndTime: new Date(new Date(booking.BookingTime).getTime() + booking.Duration * 60_000).toISOString(),
      OpensAt: room.window.opensAt.toISOString(),
      ClosesAt: room.window.closesAt.toISOString(),
      Phase: room.phase,
      ServerTime: at.toISOString(),
      ConversationSid: conversationSid,
      OtherPresent: members.some((member) => member.userId === room.otherUserId),
    };
  },
);

/** Only while the room is open: TURN credentials are short-lived and handed out for a call about to start. */
export const getVideoIceServers = defineOperation(
  ['Patient', 'Nutritionist'],
  { path: roomPath },
  async ({ actor, path }) => {
    const at = now();
    roomOrThrow(checkOpenRoom(await getBooking(path.BookingId), actor.userId, at));
    return iceServersForCall(at);
  },
);
