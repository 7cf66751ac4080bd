/**
 * Entering and leaving the video room, recorded on the booking (docs/product.md#video-room): the last
 * entry and exit of each member, which the nutritionist's agenda reads ("Il paziente è in sala d'attesa")
 * and after which the card offers to complete the visit. The video area writes them through
 * videoPresenceWrites, in its own transaction with its room items.
 *
 * Each field is its own attribute, set alone: the two members entering at the same moment never overwrite
 * each other, and no write bumps the booking's `version` (a patient entering never makes the nutritionist's
 * cancel fail). A rewrite of the booking (cancel, move, complete) keeps what it read; an entry recorded in
 * the milliseconds between its read and its write is lost, harmless since such a change closes the room.
 *
 * When the patient enters while the nutritionist is not in the room, the chat gets a message (once per
 * booking): the entry's transaction puts an outbox item (topic `video-waiting-room`, delivered by
 * video-waiting-notice.ts) and sets `WaitingNoticeAt`, so the message is sent exactly once whatever the
 * retries.
 */
import { BookingStatus, isInRoom, type VideoPresenceView } from '@nutri/shared';
import * as z from 'zod';
import { tableName } from '../platform/db/client';
import type { NamedItem } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';
import { outboxPut } from '../platform/outbox';
import { defineOutboxTopic } from '../platform/outbox-topic';
import { bookingHistoryEvent, historyPut } from './booking-history';
import { bookingKey, videoPresenceAttribute, type Booking, type BookingVideoPresence } from './bookings-repo';

/** The history event of an entry or exit (docs/product.md#back-office-bookings), in the same transaction. */
const presenceEvent = (
  booking: Booking,
  party: VideoRoomParty,
  change: 'entered' | 'left',
  at: Date,
): NamedItem<DomainError> => ({
  item: historyPut(
    bookingHistoryEvent(
      booking,
      change === 'entered' ? 'video-entered' : 'video-left',
      {
        role: party,
        userId: party === 'Patient' ? booking.PatientUserId : booking.NutritionistUserId,
      },
      at,
      { Party: party },
    ),
  ),
  failure: new DomainError('conflict'),
});

export type VideoRoomParty = 'Patient' | 'Nutritionist';

const NO_PRESENCE: BookingVideoPresence = {
  PatientEnteredAt: null,
  PatientLeftAt: null,
  NutritionistEnteredAt: null,
  NutritionistLeftAt: null,
  WaitingNoticeAt: null,
};

const presenceOf = (booking: Booking) => booking.VideoPresence ?? NO_PRESENCE;

/** The presence of BookingView (null while nobody ever entered). */
export const videoPresenceView = (booking: Booking): VideoPresenceView | null => {
  if (!booking.VideoPresence) return null;
  const presence = booking.VideoPresence;
  const patientIn = isInRoom(presence.PatientEnteredAt, presence.PatientLeftAt);
  const nutritionistIn = isInRoom(presence.NutritionistEnteredAt, presence.NutritionistLeftAt);
  return {
    PatientEnteredAt: presence.PatientEnteredAt,
    PatientLeftAt: presence.PatientLeftAt,
    NutritionistEnteredAt: presence.NutritionistEnteredAt,
    NutritionistLeftAt: presence.NutritionistLeftAt,
    PatientInRoom: patientIn,
    NutritionistInRoom: nutritionistIn,
    PatientWaiting: patientIn && !nutritionistIn,
    CallHeld: presence.PatientEnteredAt !== null && presence.NutritionistEnteredAt !== null,
  };
};

export const VIDEO_WAITING_TOPIC = 'video-waiting-room';

const waitingNoticeSchema = z.object({
  bookingId: z.number().int().positive(),
  patientUserId: z.string().min(1),
  nutritionistUserId: z.string().min(1),
  bookingTime: z.string().min(1),
});

export const waitingNoticeTopic = defineOutboxTopic(VIDEO_WAITING_TOPIC, waitingNoticeSchema);

/** Whether the patient's entry posts the waiting-room message: the first time, with the nutritionist out. */
const tellsChatPatientWaits = (booking: Booking, party: VideoRoomParty) => {
  const presence = presenceOf(booking);
  return (
    party === 'Patient' &&
    presence.WaitingNoticeAt === null &&
    !isInRoom(presence.NutritionistEnteredAt, presence.NutritionistLeftAt)
  );
};

/** What a presence write reports when the booking no longer admits the entry (cancelled, moved, done). */
const bookingChangedMeanwhile = () => new DomainError('conflict');

/**
 * The writes recording that `party` entered or left the room of `booking` (as just read), for the caller's
 * transaction. An entry holds only while the booking is still BOOKED at the time read (its failure:
 * bookingChangedMeanwhile); the first entry of the patient while the nutritionist is out also tells the
 * chat, once. A departure is recorded whatever the booking's state.
 */
export const videoPresenceWrites = (
  booking: Booking,
  party: VideoRoomParty,
  change: 'entered' | 'left',
  at: Date,
): NamedItem<DomainError>[] => {
  const field = `${party}${change === 'entered' ? 'EnteredAt' : 'LeftAt'}` as const;
  const names: Record<string, string> = { '#field': videoPresenceAttribute(field) };
  const values: Record<string, unknown> = { ':at': at.toISOString() };
  if (change === 'left')
    return [
      {
        item: {
          Update: {
            TableName: tableName(),
            Key: bookingKey(booking.BookingId),
            UpdateExpression: 'SET #field = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
        failure: bookingChangedMeanwhile(),
      },
      presenceEvent(booking, party, change, at),
    ];
  const notice = tellsChatPatientWaits(booking, party);
  const conditions = ['BookingStatusId = :booked', 'BookingTime = :time'];
  Object.assign(values, { ':booked': BookingStatus.BOOKED, ':time': booking.BookingTime });
  let set = 'SET #field = :at';
  if (notice) {
    names['#notice'] = videoPresenceAttribute('WaitingNoticeAt');
    set += ', #notice = :at';
    conditions.push('attribute_not_exists(#notice)');
  }
  const update: NamedItem<DomainError> = {
    item: {
      Update: {
        TableName: tableName(),
        Key: bookingKey(booking.BookingId),
        UpdateExpression: set,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
    failure: bookingChangedMeanwhile(),
  };
  if (!notice) return [update, presenceEvent(booking, party, change, at)];
  const entry = waitingNoticeTopic.entry(
    {
      bookingId: booking.BookingId,
      patientUserId: booking.PatientUserId,
      nutritionistUserId: booking.NutritionistUserId,
      bookingTime: booking.BookingTime,
    },
    at,
  );
  return [
    update,
    presenceEvent(booking, party, change, at),
    { item: outboxPut(entry), failure: bookingChangedMeanwhile() },
  ];
};

/** The booking as it is once the writes of videoPresenceWrites committed (no read back needed). */
export const withVideoPresence = (
  booking: Booking,
  party: VideoRoomParty,
  change: 'entered' | 'left',
  at: Date,
): Booking => {
  const presence = { ...presenceOf(booking) };
  const iso = at.toISOString();
  if (change === 'left') presence[`${party}LeftAt`] = iso;
  else {
    if (tellsChatPatientWaits(booking, party)) presence.WaitingNoticeAt = iso;
    presence[`${party}EnteredAt`] = iso;
  }
  return { ...booking, VideoPresence: presence };
};
