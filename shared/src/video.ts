/**
 * The video room of a booking (docs/product.md: the visit): when it is open, what the REST calls answer and
 * the signalling frames of the realtime channel. The room is 1:1, peer to peer: the server checks every
 * frame against the booking and relays it to the other member's connection only; it stores and logs no
 * media and no signalling content.
 */
import * as z from 'zod';
import { BookingStatus, type BookingStatusId } from './domain';
import { romeDate } from './time';

/** The room opens this long before the visit starts… */
export const VIDEO_ROOM_OPENS_BEFORE_MINUTES = 15;
/** …and closes this long after its planned end. */
export const VIDEO_ROOM_CLOSES_AFTER_MINUTES = 30;

const MINUTE_MS = 60_000;

export interface VideoRoomWindow {
  opensAt: Date;
  closesAt: Date;
}

/** When the room of a visit starting at `bookingTime` and lasting `durationMinutes` is open. */
export const videoRoomWindow = (bookingTime: Date, durationMinutes: number): VideoRoomWindow => ({
  opensAt: new Date(bookingTime.getTime() - VIDEO_ROOM_OPENS_BEFORE_MINUTES * MINUTE_MS),
  closesAt: new Date(bookingTime.getTime() + (durationMinutes + VIDEO_ROOM_CLOSES_AFTER_MINUTES) * MINUTE_MS),
});

/** `notYet` before the window (the page counts down), `open` inside it (both ends included), `over` after. */
export type VideoRoomPhase = 'notYet' | 'open' | 'over';

export const videoRoomPhase = (window: VideoRoomWindow, now: Date): VideoRoomPhase =>
  now.getTime() < window.opensAt.getTime()
    ? 'notYet'
    : now.getTime() > window.closesAt.getTime()
      ? 'over'
      : 'open';

/**
 * Whether the booking shows its video button or link: confirmed (BOOKED: an introduction, or a paid visit)
 * and dated today on the Rome calendar.
 */
export const showsVideoRoomLink = (
  booking: { BookingStatusId: BookingStatusId; BookingTime: string },
  now: Date,
) => booking.BookingStatusId === BookingStatus.BOOKED && romeDate(booking.BookingTime) === romeDate(now);

/** `GET Bookings/{BookingId}/VideoRoom`: the room as the caller (the booking's patient or nutritionist) sees it. */
export interface VideoRoomView {
  BookingId: number;
  /** The caller's side of the call. */
  Role: 'Patient' | 'Nutritionist';
  /** The other member, as the agenda names them. */
  OtherUserId: string;
  OtherName: string;
  BookingTime: string;
  EndTime: string;
  OpensAt: string;
  ClosesAt: string;
  Phase: VideoRoomPhase;
  /** The pair's chat conversation, for the side panel; null while the pair has none. */
  ConversationSid: string | null;
  /** Whether the other member is in the room now (joined, not left). */
  OtherPresent: boolean;
}

/** `GET Bookings/{BookingId}/VideoRoom/IceServers`: what RTCPeerConnection is configured with. */
export interface VideoIceServersView {
  IceServers: { urls: string[]; username?: string; credential?: string }[];
  /** When the TURN credentials stop working (the page asks again before); null without TURN. */
  ExpiresAt: string | null;
}

const bookingIdSchema = z.number().int().positive();

/** Client -> server: enter the room (a second tab of the same user takes over; the first gets VideoTakenOver). */
export const joinVideoRoomActionSchema = z.object({
  action: z.literal('JoinVideoRoom'),
  BookingId: bookingIdSchema,
});
export type JoinVideoRoomAction = z.infer<typeof joinVideoRoomActionSchema>;

export const leaveVideoRoomActionSchema = z.object({
  action: z.literal('LeaveVideoRoom'),
  BookingId: bookingIdSchema,
});
export type LeaveVideoRoomAction = z.infer<typeof leaveVideoRoomActionSchema>;

/** The WebRTC negotiation, relayed as is to the other member (sizes bounded: an SDP is a few KB). */
export const videoSignalSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('offer'),
    sdp: z.string().min(1).max(20_000),
    iceRestart: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('answer'), sdp: z.string().min(1).max(20_000) }),
  z.object({
    kind: z.literal('candidate'),
    candidate: z.string().max(1_000),
    sdpMid: z.string().max(64).nullable(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable(),
  }),
]);
export type VideoSignal = z.infer<typeof videoSignalSchema>;

export const videoSignalActionSchema = z.object({
  action: z.literal('VideoSignal'),
  BookingId: bookingIdSchema,
  Signal: videoSignalSchema,
});
export type VideoSignalAction = z.infer<typeof videoSignalActionSchema>;

/** Mute, camera off and screen sharing, shown on the other side. */
export const videoMediaStateSchema = z.object({
  Audio: z.boolean(),
  Video: z.boolean(),
  Screen: z.boolean(),
});
export type VideoMediaState = z.infer<typeof videoMediaStateSchema>;

export const videoMediaStateActionSchema = videoMediaStateSchema.extend({
  action: z.literal('VideoMediaState'),
  BookingId: bookingIdSchema,
});
export type VideoMediaStateAction = z.infer<typeof videoMediaStateActionSchema>;

/** Server -> client events of the room; each names its booking. */
export type VideoServerEvent =
  /** The other member entered (also sent to the one who joins when the other is already in). */
  | { type: 'VideoPeerJoined'; BookingId: number; UserId: string }
  | { type: 'VideoPeerLeft'; BookingId: number; UserId: string }
  | { type: 'VideoSignal'; BookingId: number; FromUserId: string; Signal: VideoSignal }
  | ({ type: 'VideoMediaState'; BookingId: number; UserId: string } & VideoMediaState)
  /** This tab left the call because another tab of the same user joined it. */
  | { type: 'VideoTakenOver'; BookingId: number };

/** Realtime error codes of the room (with an Italian `message`), besides the channel's own. */
export const VIDEO_ROOM_ERROR_CODES = ['not_found', 'room_closed', 'not_in_room'] as const;
