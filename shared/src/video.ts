/**
 * The video room of a booking (docs/product.md: the visit): when it is open, what the REST calls answer and
 * the signalling frames of the realtime channel. The room is 1:1, peer to peer: the server checks every
 * frame against the booking and relays it to the other member's connection only; it stores and logs no
 * media and no signalling content.
 */
import * as z from 'zod';
import { TIME_ZONE } from './constants';
import { BookingStatus, type BookingStatusId } from './domain';

/** The room opens this long before the visit starts… */
export const VIDEO_ROOM_OPENS_BEFORE_MINUTES = 15;
/** …and closes this long after its planned end. */
export const VIDEO_ROOM_CLOSES_AFTER_MINUTES = 30;

const MINUTE_MS = 60_000;

// `YYYY-MM-DD` on the Rome calendar, with Intl only: the video Lambda checks every signalling frame with
// it and so does not load dayjs at start (docs/decisions/0017-lean-lambdas.md).
let romeDay: Intl.DateTimeFormat | undefined;
export const romeCalendarDate = (instant: Date | string) =>
  (romeDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })).format(new Date(instant));

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
) =>
  booking.BookingStatusId === BookingStatus.BOOKED &&
  romeCalendarDate(booking.BookingTime) === romeCalendarDate(now);

/**
 * Why a member cannot enter the room of their booking (REST: 422 with this `code`; realtime: an `error`
 * frame with it). The room is only for a confirmed booking (BOOKED) on its day (docs/product.md#video-room).
 */
export const VideoRoomRefusal = {
  cancelled: 'nutri-video-room-cancelled',
  expired: 'nutri-video-room-expired',
  unpaid: 'nutri-video-room-unpaid',
  completed: 'nutri-video-room-completed',
  notToday: 'nutri-video-room-not-today',
  /** Only the realtime frames and the ICE servers: the window is not open (REST's view says when it is). */
  closed: 'nutri-video-room-closed',
} as const;
export type VideoRoomRefusalCode = (typeof VideoRoomRefusal)[keyof typeof VideoRoomRefusal];

export const videoRoomTexts = {
  notFound: 'Videochiamata non trovata.',
  cancelled: 'Questo appuntamento è stato annullato: la videochiamata non è disponibile.',
  expired:
    'Questo appuntamento è stato annullato perché non è stato pagato in tempo: la videochiamata non è disponibile.',
  unpaid:
    'Questo appuntamento non è ancora pagato: la videochiamata si apre quando il pagamento è confermato.',
  completed: 'Questa visita è già conclusa: la videochiamata non è più disponibile.',
  notToday: 'La videochiamata è disponibile solo il giorno della visita, da 15 minuti prima dell’inizio.',
  closed: 'La sala della videochiamata non è aperta in questo momento.',
  notInRoom: 'Non sei nella sala della videochiamata: entra di nuovo.',
  invalid: 'Messaggio della videochiamata non valido.',
  notSignedIn: 'Sessione scaduta: accedi di nuovo.',
} as const;

/** The chat message posted when the patient enters the waiting room (once per booking; `HH:mm` Rome time). */
export const waitingRoomChatMessage = (startTime: string) =>
  `Sono nella sala d’attesa della videochiamata delle ${startTime}.`;

/** `GET Bookings/{BookingId}/VideoRoom`: the room as the caller (the booking's patient or nutritionist) sees it. */
export interface VideoRoomView {
  BookingId: number;
  BookingTypeId: number;
  /** The caller's side of the call. */
  Role: 'Patient' | 'Nutritionist';
  /** The other member, as the agenda names them. */
  OtherUserId: string;
  OtherName: string;
  /** ISO instants: the visit's start and planned end, and when the room opens and closes. */
  BookingTime: string;
  EndTime: string;
  OpensAt: string;
  ClosesAt: string;
  /** At the server's clock when it answered (`ServerTime`): the page counts down from it. */
  Phase: VideoRoomPhase;
  ServerTime: string;
  /** The pair's chat conversation, for the side panel; null while the pair has none. */
  ConversationSid: string | null;
  /** Whether the other member is in the room now (joined, not left). */
  OtherPresent: boolean;
}

/** `GET Bookings/{BookingId}/VideoRoom/IceServers`: what RTCPeerConnection is configured with. */
export interface VideoIceServersView {
  /**
   * In the cloud the provider's STUN and TURN servers with short-lived credentials; locally an empty list
   * (host candidates, one machine). Never a fixed third-party server.
   */
  IceServers: { urls: string[]; username?: string; credential?: string }[];
  /** When the TURN credentials stop working (the page asks again before); null without TURN. */
  ExpiresAt: string | null;
}

/**
 * Entering and leaving the room, recorded on the booking (the last entry and exit of each member; ISO
 * instants, null when never). On `BookingView.VideoPresence` (null when nobody ever entered): the
 * nutritionist's agenda shows "Il paziente è in sala d'attesa" while `PatientWaiting`.
 */
export interface VideoPresenceView {
  PatientEnteredAt: string | null;
  PatientLeftAt: string | null;
  NutritionistEnteredAt: string | null;
  NutritionistLeftAt: string | null;
  PatientInRoom: boolean;
  NutritionistInRoom: boolean;
  /** The patient is in the room and the nutritionist is not. */
  PatientWaiting: boolean;
  /** Both members have been in the room (a call took place): the card offers to complete the visit. */
  CallHeld: boolean;
}

/** A member is in the room when they entered and did not leave since. */
export const isInRoom = (enteredAt: string | null, leftAt: string | null) =>
  enteredAt !== null && (leftAt === null || leftAt < enteredAt);

const bookingIdSchema = z.number().int().positive();

/**
 * Client -> server: enter the room. The server answers VideoJoined; a second tab of the same user takes
 * over (the first gets VideoTakenOver and its frames are refused from then on).
 */
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
  z.object({
    kind: z.literal('answer'),
    sdp: z.string().min(1).max(20_000),
    /**
     * The session id (SDP `o=` line) of the offer answered: an answer that reaches a newer connection of
     * the offerer, after it started afresh, is recognised and dropped rather than applied to it.
     */
    answers: z
      .string()
      .regex(/^\d{1,24}$/)
      .optional(),
  }),
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

/** Mute, camera off and screen sharing, shown on the other side (not stored: resent on VideoPeerJoined). */
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

/** The realtime route keys of the room (the `action` of each client frame). */
export const VIDEO_ROOM_ACTIONS = [
  'JoinVideoRoom',
  'LeaveVideoRoom',
  'VideoSignal',
  'VideoMediaState',
] as const;

/** Server -> client events of the room; each names its booking. */
export type VideoServerEvent =
  /** To the tab that joined: it is in; `OtherPresent` says whether to make the offer now. */
  | { type: 'VideoJoined'; BookingId: number; OtherPresent: boolean }
  /** To the member already in: the other entered (again, after a takeover or a reconnection: negotiate anew). */
  | { type: 'VideoPeerJoined'; BookingId: number; UserId: string }
  | { type: 'VideoPeerLeft'; BookingId: number; UserId: string }
  | { type: 'VideoSignal'; BookingId: number; FromUserId: string; Signal: VideoSignal }
  | ({ type: 'VideoMediaState'; BookingId: number; UserId: string } & VideoMediaState)
  /** This tab left the call because another tab of the same user joined it. */
  | { type: 'VideoTakenOver'; BookingId: number }
  /** A frame was refused (BookingId null when the frame named none): `message` is Italian. */
  | { type: 'VideoError'; BookingId: number | null; code: VideoRoomErrorCode; message: string };

/**
 * Realtime error codes of the room. `not_found` for a booking that is not the caller's (or does not
 * exist: a non-member learns nothing), `not_in_room` for a frame from a tab that has not joined or was
 * taken over, `validation_failed` for a malformed frame, `unauthorized` for an ended session, and the
 * VideoRoomRefusal codes.
 */
export const VIDEO_ROOM_ERROR_CODES = [
  'not_found',
  'not_in_room',
  'validation_failed',
  'unauthorized',
  ...Object.values(VideoRoomRefusal),
] as const;
export type VideoRoomErrorCode = (typeof VIDEO_ROOM_ERROR_CODES)[number];
