/**
 * What a booking change causes beyond the booking itself: a booking message in the patient–nutritionist
 * chat and e-mails. Each change's transaction puts an outbox item (topic `booking`) describing them, built
 * here by bookingOutboxEntry; handleBookingEffects carries them out, step by step:
 * - `chat`: the message, appended with MessageId `outbox:<OutboxId>`, so a second delivery finds it and
 *   adds nothing (an idempotent step: not recorded separately);
 * - `mail:patient`, `mail:nutritionist`: each marked done on the outbox item once SES accepted it (at least
 *   once: a crash between the send and the mark sends it again).
 * - `google-calendar`: the visit's event in a partner nutritionist's Google Calendar made to match the booking
 *   as it is now (docs/product.md#google-calendar), after the mails, so Google being down delays no mail.
 * Reminders (payment, appointment) are mail-only items of the same topic. Users who unsubscribed from our
 * mails (MailingOptOut) get no reminders; mails about a change to their appointment are service messages
 * and always go out.
 */
import { BOOKING_MESSAGE_TYPES, SYSTEM_AUTHOR_ID, type BookingMessageType } from '@nutri/shared';
import * as z from 'zod';
import { optionalMailLinks, getUser } from '../accounts';
import { postMessage } from '../chat';
import { getNutritionistProfile } from '../nutritionists';
import { config } from '../platform/config';
import { sendMail } from '../platform/mail';
import {
  type OutboxEntry,
  type OutboxHandler,
  type OutboxHandlers,
  type OutboxStep,
} from '../platform/outbox';
import { defineOutboxTopic } from '../platform/outbox-topic';
import {
  bookingMail,
  bookingMessageBody,
  nutritionistBookingUrl,
  bookingSnapshotSchema,
  type BookingActor,
  type BookingEvent,
  type BookingSnapshot,
  type MailRecipient,
} from './booking-mails';
import {
  BOOKING_MAIL_EVENT_TAG,
  bookingHistoryEvent,
  bookingMailEventTag,
  recordHistoryOnce,
  SYSTEM_ACTOR,
} from './booking-history';
import { getBooking, type Booking } from './bookings-repo';
import { partnerConnection, syncVisitEvent } from './google-calendar-sync';
import { HOLDS_TIME } from './slots';
import { videoPresenceOutboxHandlers } from './video-waiting-notice';

export const BOOKING_TOPIC = 'booking';

const bookingEffectSchema = z.object({
  event: z.enum([
    'created',
    'modified',
    'cancelled',
    'completed',
    'expired',
    'payment-reminder',
    'appointment-reminder',
    'payment-link',
  ]),
  by: z.enum(['patient', 'nutritionist', 'system']),
  /**
   * Done in the back office on the nutritionist's behalf (cancel, move): the rules are the nutritionist's,
   * but the mails and the chat message say the service did it, and both sides are told.
   */
  bySupport: z.boolean().default(false),
  urgent: z.boolean().default(false),
  patientUserId: z.string().min(1),
  nutritionistUserId: z.string().min(1),
  booking: bookingSnapshotSchema,
  chat: z.enum(BOOKING_MESSAGE_TYPES).nullable(),
  mails: z.array(z.enum(['patient', 'nutritionist'])),
});
export type BookingEffect = z.infer<typeof bookingEffectSchema>;

/** The booking area's outbox topic: one schema for bookingOutboxEntry and handleBookingEffects. */
export const bookingTopic = defineOutboxTopic(BOOKING_TOPIC, bookingEffectSchema);

const CHAT_MESSAGE: Record<BookingEvent, BookingMessageType | null> = {
  created: 'BookingCreated',
  modified: 'BookingModified',
  cancelled: 'BookingCancelled',
  completed: 'BookingCompleted',
  expired: 'BookingExpired',
  'payment-reminder': null,
  'appointment-reminder': null,
  'payment-link': null,
};

/**
 * Who is mailed: the patient about every change to their appointment; the nutritionist about what they did
 * not do themselves (a patient's booking or cancellation, a change made by the service, an expiry).
 * Reminders go to the patient only.
 */
export const mailRecipients = (event: BookingEvent, by: BookingActor, bySupport = false): MailRecipient[] => {
  switch (event) {
    case 'created':
    case 'modified':
    case 'cancelled':
      return by === 'nutritionist' && !bySupport ? ['patient'] : ['patient', 'nutritionist'];
    case 'expired':
      return ['patient', 'nutritionist'];
    default:
      return ['patient'];
  }
};

const snapshot = (booking: Booking, previousTime: string | null): BookingSnapshot => ({
  BookingId: booking.BookingId,
  BookingTime: booking.BookingTime,
  PreviousBookingTime: previousTime,
  BookingTypeId: booking.BookingTypeId,
  BookingStatusId: booking.BookingStatusId,
  Duration: booking.Duration,
  TotalPaymentAmount: booking.TotalPaymentAmount,
  RefundOwed: booking.RefundOwed,
  ScheduledAt: booking.updatedAt,
});

/** The outbox item of a booking change (or reminder), to be put in the change's own transaction. */
export const bookingOutboxEntry = (
  event: BookingEvent,
  by: BookingActor,
  booking: Booking,
  at: Date,
  options: { previousTime?: string; urgent?: boolean; bySupport?: boolean } = {},
): OutboxEntry => {
  const bySupport = options.bySupport ?? false;
  const effect: BookingEffect = {
    event,
    by,
    bySupport,
    urgent: options.urgent ?? false,
    patientUserId: booking.PatientUserId,
    nutritionistUserId: booking.NutritionistUserId,
    booking: snapshot(booking, options.previousTime ?? null),
    chat: CHAT_MESSAGE[event],
    mails: mailRecipients(event, by, bySupport),
  };
  return bookingTopic.entry(effect, at);
};

const authorOf = (effect: BookingEffect) =>
  effect.bySupport
    ? SYSTEM_AUTHOR_ID
    : effect.by === 'patient'
      ? effect.patientUserId
      : effect.by === 'nutritionist'
        ? effect.nutritionistUserId
        : SYSTEM_AUTHOR_ID;

const isReminder = (event: BookingEvent) => event === 'payment-reminder' || event === 'appointment-reminder';

/** Changes that create, move or remove the visit's time, and so its Google Calendar event. */
const CALENDAR_EVENTS: ReadonlySet<BookingEvent> = new Set(['created', 'modified', 'cancelled', 'expired']);

/** The visit's event, from the booking as it is now (so repeated or reordered deliveries agree). */
const syncCalendarStep = async (effect: BookingEffect, step: OutboxStep) => {
  if (!CALENDAR_EVENTS.has(effect.event)) return;
  // No step at all for a nutritionist without a connection: the item's steps stay what they were.
  const connection = await partnerConnection(effect.nutritionistUserId);
  if (!connection) return;
  await step(
    'google-calendar',
    async () => {
      const booking = await getBooking(effect.booking.BookingId);
      if (!booking) return;
      const patient = await getUser(booking.PatientUserId);
      await syncVisitEvent(
        connection,
        {
          bookingId: booking.BookingId,
          nutritionistUserId: booking.NutritionistUserId,
          holdsTime: HOLDS_TIME.includes(booking.BookingStatusId),
          start: booking.BookingTime,
          durationMinutes: booking.Duration,
          patientDisplayName: patient?.DisplayName ?? 'Paziente',
          videoRoomUrl: `${nutritionistBookingUrl(config().PUBLIC_BASE_URL, booking.BookingId)}/VideoRoom`,
        },
        new Date(),
      );
    },
    { idempotent: true },
  );
};

// Delivers one booking outbox item: the chat message, then each mail, each step once.
export const handleBookingEffects: OutboxHandler = async (entry, step) => {
  const effect = bookingTopic.payload(entry);
  const { booking } = effect;
  const chat = effect.chat;
  if (chat) {
    await step(
      'chat',
      async () => {
        await postMessage({
          patientUserId: effect.patientUserId,
          nutritionistUserId: effect.nutritionistUserId,
          messageId: `outbox:${entry.OutboxId}`,
          authorId: authorOf(effect),
          body: bookingMessageBody(chat, booking),
          attributes: {
            MessageType: chat,
            BookingId: booking.BookingId,
            BookingTime: booking.BookingTime,
            BookingTypeId: booking.BookingTypeId,
          },
          at: new Date(entry.CreatedAt),
        });
      },
      { idempotent: true },
    );
  }
  if (!effect.mails.length) {
    await syncCalendarStep(effect, step);
    return;
  }
  const [patient, nutritionist, profile] = await Promise.all([
    getUser(effect.patientUserId),
    getUser(effect.nutritionistUserId),
    getNutritionistProfile(effect.nutritionistUserId),
  ]);
  for (const to of effect.mails) {
    await step(`mail:${to}`, async () => {
      const recipient = to === 'patient' ? patient : nutritionist;
      if (!recipient?.Email) return; // a deleted account: nothing to send, the step is done
      // Reminders are optional mails: none to who unsubscribed, and each carries the way out.
      const unsubscribe = isReminder(effect.event) ? await optionalMailLinks(recipient) : null;
      if (isReminder(effect.event) && !unsubscribe) return;
      const mail = bookingMail(
        {
          event: effect.event,
          by: effect.by,
          bySupport: effect.bySupport,
          booking,
          urgent: effect.urgent,
          recipientName: recipient.Name,
          patientName: patient?.DisplayName ?? 'Il paziente',
          nutritionistName: nutritionist?.DisplayName ?? '',
          nutritionistPersonalTitle: profile?.PersonalTitle ?? null,
          baseUrl: config().PUBLIC_BASE_URL,
          ...(unsubscribe ? { unsubscribe } : {}),
        },
        to,
      );
      if (!mail) return;
      // The mail's history entry is written before the send, under an id and time fixed by this step, so a
      // repeated step finds it and the delivery events (which may arrive at once) always find it. Its time
      // is the change's plus 1 ms: it reads after the change it is about.
      const event = bookingHistoryEvent(
        { ...booking, PatientUserId: effect.patientUserId, NutritionistUserId: effect.nutritionistUserId },
        'mail',
        SYSTEM_ACTOR,
        new Date(Date.parse(entry.CreatedAt) + 1),
        { Recipient: to, MailKind: `booking-${effect.event}`, LastEvent: null },
        null,
        `${entry.OutboxId}-${to}`,
      );
      await recordHistoryOnce(event);
      await sendMail({
        to: recipient.Email,
        ...mail,
        tags: {
          kind: `booking-${effect.event}`,
          outbox: entry.OutboxId,
          [BOOKING_MAIL_EVENT_TAG]: bookingMailEventTag(event),
        },
      });
    });
  }
  await syncCalendarStep(effect, step);
};

/** Every outbox topic the booking area writes, with its handler (both outbox deliverers use these). */
export const bookingOutboxHandlers: OutboxHandlers = {
  [BOOKING_TOPIC]: handleBookingEffects,
  ...videoPresenceOutboxHandlers,
};
