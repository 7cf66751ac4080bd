/**
 * Delivers the waiting-room message (docs/product.md#video-room): the outbox item an entry of the patient
 * put (video-presence.ts) becomes a message in the pair's chat. Apart from the writer so that the video
 * Lambda, which writes these items, does not carry the chat's code.
 */
import { romeTime, waitingRoomChatMessage } from '@nutri/shared';
import { postMessage } from '../chat';
import type { OutboxHandler, OutboxHandlers } from '../platform/outbox';
import { VIDEO_WAITING_TOPIC, waitingNoticeTopic } from './video-presence';

// Posts the waiting-room message in the pair's chat, authored by the patient (the message id makes a second
// delivery add nothing).
const handleWaitingNotice: OutboxHandler = async (entry, step) => {
  const notice = waitingNoticeTopic.payload(entry);
  await step(
    'chat',
    async () => {
      await postMessage({
        patientUserId: notice.patientUserId,
        nutritionistUserId: notice.nutritionistUserId,
        messageId: `outbox:${entry.OutboxId}`,
        authorId: notice.patientUserId,
        body: waitingRoomChatMessage(romeTime(notice.bookingTime)),
        attributes: { BookingId: notice.bookingId, BookingTime: notice.bookingTime },
        at: new Date(entry.CreatedAt),
      });
    },
    { idempotent: true },
  );
};

export const videoPresenceOutboxHandlers: OutboxHandlers = { [VIDEO_WAITING_TOPIC]: handleWaitingNotice };
