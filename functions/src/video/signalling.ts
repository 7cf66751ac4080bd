/**
 * The signalling of the video room on the realtime channel (docs/product.md#video-room): JoinVideoRoom,
 * LeaveVideoRoom, VideoSignal (offer, answer, ICE candidate) and VideoMediaState. Every frame is checked
 * against its booking (the sender is its patient or nutritionist with their session on, the booking is
 * BOOKED, the room is open now) and relayed only to the connection the other member is in the room with.
 * A second tab of the same user takes over: the first is told (VideoTakenOver) and its frames are refused
 * from then on.
 *
 * Nothing of a frame's content is stored or logged: the relay reads the frame, checks it and forwards it.
 * Entering and leaving are recorded on the booking (bookings' videoPresenceWrites) in the same transaction
 * as the room items (room-repo.ts).
 */
import {
  joinVideoRoomActionSchema,
  leaveVideoRoomActionSchema,
  videoMediaStateActionSchema,
  videoRoomTexts,
  videoSignalActionSchema,
  type VideoRoomErrorCode,
  type VideoServerEvent,
} from '@nutri/shared';
import type { z } from 'zod';
import { isSessionActive } from '../accounts/start';
import { getBooking, videoPresenceWrites, type Booking } from '../bookings';
import type { WebSocketEvent, WebSocketOperation } from '../http/websocket-operation';
import { now } from '../platform/clock';
import { deleteConnection, getConnection } from '../platform/connections-repo';
import { transact } from '../platform/db/transact';
import { logger } from '../platform/logger';
import { managementEndpoint, pushToConnection } from '../platform/realtime';
import { closeSessionConnections } from '../platform/session-connections';
import {
  enterRoomWrites,
  leaveRoomWrites,
  listRoomMembers,
  roomChangedMeanwhile,
  roomOfConnection,
  type RoomMember,
} from './room-repo';
import { checkOpenRoom, checkRoom, type Room, type RoomCheck } from './room-rules';

const OK = { statusCode: 200 };
/** A join that keeps losing races with the other member's (or another tab's) writes gives up after these. */
const JOIN_ATTEMPTS = 3;

/** Sends one event to one connection; a connection the gateway no longer knows is forgotten. */
const send = async (event: WebSocketEvent, connectionId: string, message: VideoServerEvent) => {
  const outcome = await pushToConnection(managementEndpoint(event.requestContext), connectionId, message);
  if (outcome === 'gone') await deleteConnection(connectionId);
  return outcome;
};

const refuse = async (
  event: WebSocketEvent,
  bookingId: number | null,
  code: VideoRoomErrorCode,
  message: string,
) => {
  await send(event, event.requestContext.connectionId, {
    type: 'VideoError',
    BookingId: bookingId,
    code,
    message,
  });
  return OK;
};

const bookingIdOf = (body: unknown) => {
  const id = (body as { BookingId?: unknown } | null)?.BookingId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
};

interface Frame<T> {
  body: T;
  userId: string;
  /** The sender's session (refresh-token family), kept on the room's member item. */
  familyId: string | null;
  connectionId: string;
  booking: Booking | null;
  members: RoomMember[];
  at: Date;
}

/**
 * Who sent a frame: the member whose tab in the room this connection is (no read: the room's members were
 * read with the booking), else the connection's user (one read: a tab joining, or not in the room).
 */
const senderOf = async (connectionId: string, members: readonly RoomMember[]) => {
  const member = members.find((candidate) => candidate.connectionId === connectionId);
  if (member) return { userId: member.userId, familyId: member.familyId };
  const connection = await getConnection(connectionId);
  return connection?.userId ? { userId: connection.userId, familyId: connection.familyId ?? null } : null;
};

/**
 * The frame parsed, its booking and the room's members (read at once) and its sender, whose session is
 * still on; null after an error reply.
 */
const readFrame = async <T extends { BookingId: number }>(
  event: WebSocketEvent,
  schema: z.ZodType<T>,
): Promise<Frame<T> | null> => {
  let raw: unknown;
  try {
    raw = JSON.parse(event.body ?? '');
  } catch {
    raw = undefined;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    return refuse(event, bookingIdOf(raw), 'validation_failed', videoRoomTexts.invalid).then(() => null);
  const { BookingId } = parsed.data;
  const { connectionId } = event.requestContext;
  const at = now();
  const [booking, members] = await Promise.all([getBooking(BookingId), listRoomMembers(BookingId, at)]);
  const sender = await senderOf(connectionId, members);
  const sessionOn = sender && (!sender.familyId || (await isSessionActive(sender.familyId, sender.userId)));
  if (!sender || !sessionOn) {
    if (sender?.familyId) await closeSessionConnections(sender.userId, new Set([sender.familyId]));
    return refuse(event, BookingId, 'unauthorized', videoRoomTexts.notSignedIn).then(() => null);
  }
  return { body: parsed.data, ...sender, connectionId, booking, members, at };
};

const refuseCheck = (event: WebSocketEvent, bookingId: number, check: RoomCheck) =>
  check.refusal ? refuse(event, bookingId, check.refusal.code, check.refusal.message) : Promise.resolve(OK);

const memberOf = (members: readonly RoomMember[], userId: string) =>
  members.find((member) => member.userId === userId) ?? null;

/**
 * Takes `member` out of the room (only if it is still the member's tab there), records the departure on
 * the booking and tells the other member. False when another tab had taken over meanwhile.
 */
const leaveRoom = async (event: WebSocketEvent, booking: Booking, member: RoomMember, at: Date) => {
  const party = member.userId === booking.PatientUserId ? 'Patient' : 'Nutritionist';
  const failure = await transact(
    [...leaveRoomWrites(member), ...videoPresenceWrites(booking, party, 'left', at)],
    { contended: roomChangedMeanwhile() },
  );
  if (failure) return false;
  const otherUserId = party === 'Patient' ? booking.NutritionistUserId : booking.PatientUserId;
  const other = memberOf(await listRoomMembers(booking.BookingId, at), otherUserId);
  if (other)
    await send(event, other.connectionId, {
      type: 'VideoPeerLeft',
      BookingId: booking.BookingId,
      UserId: member.userId,
    });
  return true;
};

/** A member whose connection the gateway no longer knows has left (its `$disconnect` may still come). */
const forgetGone = async (event: WebSocketEvent, booking: Booking, member: RoomMember, at: Date) => {
  try {
    await leaveRoom(event, booking, member, at);
  } catch (error) {
    logger.warn('Leaving a gone member failed', { reason: error instanceof Error ? error.name : 'Error' });
  }
};

/** The room open now with the sender in it through this very connection; null after an error reply. */
const inRoom = async <T extends { BookingId: number }>(event: WebSocketEvent, frame: Frame<T>) => {
  const check = checkOpenRoom(frame.booking, frame.userId, frame.at);
  if (!check.room) {
    await refuseCheck(event, frame.body.BookingId, check);
    return null;
  }
  if (memberOf(frame.members, frame.userId)?.connectionId !== frame.connectionId) {
    await refuse(event, frame.body.BookingId, 'not_in_room', videoRoomTexts.notInRoom);
    return null;
  }
  return { room: check.room, other: memberOf(frame.members, check.room.otherUserId) };
};

/** Forwards an event to the other member's tab in the room, if they are in. */
const relay = async (
  event: WebSocketEvent,
  room: Room,
  other: RoomMember | null,
  message: VideoServerEvent,
) => {
  if (!other) return;
  if ((await send(event, other.connectionId, message)) === 'gone')
    await forgetGone(event, room.booking, other, now());
};

/**
 * JoinVideoRoom: this tab enters (taking over the user's other tab, if one was in); the booking records the
 * entry. The tab gets VideoJoined, the other member VideoPeerJoined, a replaced tab VideoTakenOver.
 */
export const joinVideoRoom: WebSocketOperation = async (event) => {
  let frame = await readFrame(event, joinVideoRoomActionSchema);
  for (let attempt = 1; frame; attempt += 1) {
    const check = checkOpenRoom(frame.booking, frame.userId, frame.at);
    if (!check.room) return refuseCheck(event, frame.body.BookingId, check);
    const { room } = check;
    const previous = memberOf(frame.members, frame.userId);
    const member: RoomMember = {
      bookingId: room.booking.BookingId,
      userId: frame.userId,
      connectionId: frame.connectionId,
      familyId: frame.familyId,
      joinedAt: frame.at.toISOString(),
    };
    const failure = await transact(
      [
        ...enterRoomWrites(member, previous, room.window.closesAt),
        ...videoPresenceWrites(room.booking, room.party, 'entered', frame.at),
      ],
      { contended: roomChangedMeanwhile() },
    );
    if (!failure) {
      if (previous && previous.connectionId !== frame.connectionId)
        await send(event, previous.connectionId, {
          type: 'VideoTakenOver',
          BookingId: room.booking.BookingId,
        });
      let other = memberOf(frame.members, room.otherUserId);
      if (
        other &&
        (await send(event, other.connectionId, {
          type: 'VideoPeerJoined',
          BookingId: room.booking.BookingId,
          UserId: frame.userId,
        })) === 'gone'
      ) {
        await forgetGone(event, room.booking, other, frame.at);
        other = null;
      }
      await send(event, frame.connectionId, {
        type: 'VideoJoined',
        BookingId: room.booking.BookingId,
        OtherPresent: other !== null,
      });
      return OK;
    }
    // The booking or the room changed since it was read (the other member, another tab): read again.
    if (attempt >= JOIN_ATTEMPTS) {
      logger.warn('Video room join kept conflicting', { attempts: attempt });
      return refuse(event, room.booking.BookingId, 'not_in_room', videoRoomTexts.notInRoom);
    }
    frame = await readFrame(event, joinVideoRoomActionSchema);
  }
  return OK;
};

/**
 * LeaveVideoRoom: this tab leaves (hang up). Allowed whatever the booking became meanwhile (a visit
 * cancelled during the call can still be left); a member's tab that is not in the room gets not_in_room,
 * anyone else not_found.
 */
export const leaveVideoRoom: WebSocketOperation = async (event) => {
  const frame = await readFrame(event, leaveVideoRoomActionSchema);
  if (!frame) return OK;
  const check = checkRoom(frame.booking, frame.userId, frame.at);
  if (check.refusal?.code === 'not_found') return refuseCheck(event, frame.body.BookingId, check);
  const mine = memberOf(frame.members, frame.userId);
  if (!frame.booking || mine?.connectionId !== frame.connectionId)
    return refuse(event, frame.body.BookingId, 'not_in_room', videoRoomTexts.notInRoom);
  await leaveRoom(event, frame.booking, mine, frame.at);
  return OK;
};

/** VideoSignal: an offer, an answer or an ICE candidate, relayed as is to the other member. */
export const videoSignal: WebSocketOperation = async (event) => {
  const frame = await readFrame(event, videoSignalActionSchema);
  const checked = frame && (await inRoom(event, frame));
  if (!frame || !checked) return OK;
  await relay(event, checked.room, checked.other, {
    type: 'VideoSignal',
    BookingId: frame.body.BookingId,
    FromUserId: frame.userId,
    Signal: frame.body.Signal,
  });
  return OK;
};

/** VideoMediaState: microphone, camera and screen sharing on or off, shown on the other side. */
export const videoMediaState: WebSocketOperation = async (event) => {
  const frame = await readFrame(event, videoMediaStateActionSchema);
  const checked = frame && (await inRoom(event, frame));
  if (!frame || !checked) return OK;
  const { Audio, Video, Screen, BookingId } = frame.body;
  await relay(event, checked.room, checked.other, {
    type: 'VideoMediaState',
    BookingId,
    UserId: frame.userId,
    Audio,
    Video,
    Screen,
  });
  return OK;
};

/**
 * A closing connection leaves the room it was in (`$disconnect`, from the realtime area): the departure is
 * recorded and the other member told, as for LeaveVideoRoom.
 */
export const leaveRoomOfConnection = async (event: WebSocketEvent) => {
  const at = now();
  const member = await roomOfConnection(event.requestContext.connectionId, at);
  if (!member) return;
  const booking = await getBooking(member.bookingId);
  if (booking) await leaveRoom(event, booking, member, at);
};
