/**
 * Who may enter the video room of a booking, and when (docs/product.md#video-room): only its patient and
 * its nutritionist; only a confirmed booking (BOOKED: an introduction, or a paid visit) on its day in
 * Rome; the room is open from 15 minutes before the start to 30 minutes after the planned end. The same
 * rules answer the REST calls and every signalling frame.
 */
import {
  BookingStatus,
  romeCalendarDate,
  videoRoomPhase,
  videoRoomTexts,
  videoRoomWindow,
  VideoRoomRefusal,
  type VideoRoomPhase,
  type VideoRoomRefusalCode,
  type VideoRoomWindow,
} from '@nutri/shared';
import type { Booking, VideoRoomParty } from '../bookings';

export interface Room {
  booking: Booking;
  /** The caller's side. */
  party: VideoRoomParty;
  userId: string;
  otherUserId: string;
  window: VideoRoomWindow;
  phase: VideoRoomPhase;
}

export type RoomRefusal =
  { code: 'not_found'; message: string } | { code: VideoRoomRefusalCode; message: string };

export type RoomCheck = { room: Room; refusal?: never } | { room?: never; refusal: RoomRefusal };

const refuse = (code: VideoRoomRefusalCode, message: string): RoomCheck => ({ refusal: { code, message } });

/** An unpaid booking cancelled by the payment deadline (no reason: the system did it) reads as expired. */
const expiredUnpaid = (booking: Booking) =>
  booking.CancelReasonId === null && booking.TotalPaymentAmount > 0 && !booking.Payment;

/**
 * The room of `booking` as `userId` may see it at `at`, or why not. A booking of someone else reads as a
 * missing one. A BOOKED booking of another day is refused, unless its window is open (a visit just after
 * midnight opens the evening before).
 */
export const checkRoom = (booking: Booking | null, userId: string, at: Date): RoomCheck => {
  const party: VideoRoomParty | null =
    booking?.PatientUserId === userId
      ? 'Patient'
      : booking?.NutritionistUserId === userId
        ? 'Nutritionist'
        : null;
  if (!booking || !party) return { refusal: { code: 'not_found', message: videoRoomTexts.notFound } };
  switch (booking.BookingStatusId) {
    case BookingStatus.CANCELLED:
      return expiredUnpaid(booking)
        ? refuse(VideoRoomRefusal.expired, videoRoomTexts.expired)
        : refuse(VideoRoomRefusal.cancelled, videoRoomTexts.cancelled);
    case BookingStatus.CANCELLEDWITHFEE:
      return refuse(VideoRoomRefusal.cancelled, videoRoomTexts.cancelled);
    case BookingStatus.WAITINGFORPAYMENT:
      return refuse(VideoRoomRefusal.unpaid, videoRoomTexts.unpaid);
    case BookingStatus.COMPLETE:
      return refuse(VideoRoomRefusal.completed, videoRoomTexts.completed);
    case BookingStatus.BOOKED:
      break;
  }
  const window = videoRoomWindow(new Date(booking.BookingTime), booking.Duration);
  const phase = videoRoomPhase(window, at);
  if (phase !== 'open' && romeCalendarDate(booking.BookingTime) !== romeCalendarDate(at))
    return refuse(VideoRoomRefusal.notToday, videoRoomTexts.notToday);
  return {
    room: {
      booking,
      party,
      userId,
      otherUserId: party === 'Patient' ? booking.NutritionistUserId : booking.PatientUserId,
      window,
      phase,
    },
  };
};

/** checkRoom, and the room open now: what a signalling frame and the ICE servers need. */
export const checkOpenRoom = (booking: Booking | null, userId: string, at: Date): RoomCheck => {
  const check = checkRoom(booking, userId, at);
  if (check.room && check.room.phase !== 'open')
    return refuse(VideoRoomRefusal.closed, videoRoomTexts.closed);
  return check;
};
