/**
 * Texts of the booking e-mails and of the booking messages posted in the chat: short, warm Italian, dates
 * and times on the Rome wall clock, a button to the booking in the recipient's own area. Pure functions
 * of the event and the names, so they are unit-tested as they are (functions/test/unit/booking-mails).
 */
import {
  BOOKING_TYPES,
  BookingStatus,
  BookingType,
  DATE_FORMAT,
  TIME_ZONE,
  honorific,
  inRome,
  romeTime,
  unpaidBookingExpiry,
  type BookingMessageType,
} from '@nutri/shared';
import * as z from 'zod';
import { renderMail, type MailContent, type UnsubscribeLinks } from '../platform/mail-layout';

/** What happened to the booking (the outbox payload's `event`). */
export type BookingEvent =
  | 'created'
  | 'modified'
  | 'cancelled'
  | 'completed'
  | 'expired'
  | 'payment-reminder'
  | 'appointment-reminder'
  /** The back office sent the payment link again (docs/product.md#back-office-bookings): not optional. */
  | 'payment-link';
export type BookingActor = 'patient' | 'nutritionist' | 'system';
export type MailRecipient = 'patient' | 'nutritionist';

/**
 * The booking as it was when the event happened (times are ISO instants): the part of an outbox payload
 * the booking and payment topics share (booking-effects.ts, payments/payment-effects.ts).
 */
export const bookingSnapshotSchema = z.object({
  BookingId: z.number().int().positive(),
  BookingTime: z.string(),
  /** The time before a move. */
  PreviousBookingTime: z.string().nullable(),
  BookingTypeId: z.literal(Object.values(BookingType)),
  BookingStatusId: z.literal(Object.values(BookingStatus)),
  Duration: z.number().int().positive(),
  /** Cents. */
  TotalPaymentAmount: z.number().int().min(0),
  RefundOwed: z.boolean(),
  /** When the booking was made or last moved (the payment grace of a late booking counts from it). */
  ScheduledAt: z.string(),
});
export type BookingSnapshot = z.infer<typeof bookingSnapshotSchema>;

export interface BookingMailInput {
  event: BookingEvent;
  by: BookingActor;
  /** The change was made by the service in the back office, on the nutritionist's behalf. */
  bySupport?: boolean;
  booking: BookingSnapshot;
  /** Payment reminders at 3 days or less before the appointment. */
  urgent: boolean;
  recipientName: string;
  patientName: string;
  nutritionistName: string;
  nutritionistPersonalTitle: string | null;
  baseUrl: string;
  /** Given for optional mails (reminders): the recipient's way out of them. */
  unsubscribe?: UnsubscribeLinks;
}

const dayFormat = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const moneyFormat = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/** `giovedì 3 dicembre 2026` (Rome calendar day of the instant). */
export const romeDayLabel = (instant: string | Date) => dayFormat.format(new Date(instant));
/** `giovedì 3 dicembre 2026 alle 10:00`. */
export const romeDayTimeLabel = (instant: string | Date) =>
  `${romeDayLabel(instant)} alle ${romeTime(new Date(instant))}`;
export const euroLabel = (cents: number) => moneyFormat.format(cents / 100);

/** "la Dott.sa Chiara Bianchi" and its forms with prepositions, by the profile's PersonalTitle. */
export const nutritionistReference = (name: string, personalTitle: string | null) => {
  const title = honorific(personalTitle);
  const feminine = title === 'Dott.sa';
  const titled = `${title} ${name}`;
  return {
    subject: `${feminine ? 'la' : 'il'} ${titled}`,
    Subject: `${feminine ? 'La' : 'Il'} ${titled}`,
    with: `con ${feminine ? 'la' : 'il'} ${titled}`,
    to: `${feminine ? 'alla' : 'al'} ${titled}`,
  };
};

/** Who acts when the back office changes a booking on the nutritionist's behalf. */
const SUPPORT = 'Il servizio clienti di Nutrì';

const typeName = (booking: BookingSnapshot) => BOOKING_TYPES[booking.BookingTypeId].Name;
const deadlineLabel = (booking: BookingSnapshot) =>
  romeDayTimeLabel(
    unpaidBookingExpiry({
      bookingTime: new Date(booking.BookingTime),
      scheduledAt: new Date(booking.ScheduledAt),
    }),
  );
const details = (booking: BookingSnapshot) =>
  `${typeName(booking)}: ${romeDayTimeLabel(booking.BookingTime)} (ora italiana), durata ${booking.Duration} minuti${
    booking.TotalPaymentAmount > 0 ? `, importo ${euroLabel(booking.TotalPaymentAmount)}` : ''
  }.`;
const waitingForPayment = (booking: BookingSnapshot) =>
  booking.BookingStatusId === BookingStatus.WAITINGFORPAYMENT;

export const patientBookingUrl = (baseUrl: string, bookingId: number) =>
  `${baseUrl}/Patients/Agenda/${bookingId}`;
/** The booking's video room (docs/product.md#video-room): the mails that promise the call point to it. */
export const patientVideoRoomUrl = (baseUrl: string, bookingId: number) =>
  `${patientBookingUrl(baseUrl, bookingId)}/VideoRoom`;
/** The sentence of the mails that promise the call, with the room's address. */
export const videoRoomSentence = (baseUrl: string, bookingId: number) =>
  `L’appuntamento si svolge in videochiamata: il giorno stesso, da 15 minuti prima dell’inizio, entri da ${patientVideoRoomUrl(baseUrl, bookingId)} (o dalla tua agenda).`;
export const nutritionistBookingUrl = (baseUrl: string, bookingId: number) =>
  `${baseUrl}/AreaNutritionists/Bookings/${bookingId}`;

const patientMail = (input: BookingMailInput): MailContent | null => {
  const { booking, by } = input;
  const nutritionist = nutritionistReference(input.nutritionistName, input.nutritionistPersonalTitle);
  const when = romeDayTimeLabel(booking.BookingTime);
  const greeting = `Ciao ${input.recipientName},`;
  const open = { label: 'Vedi l’appuntamento', url: patientBookingUrl(input.baseUrl, booking.BookingId) };
  const pay = { label: 'Paga ora', url: open.url };
  const writeInChat = `Per fissare un nuovo appuntamento scrivi in chat ${nutritionist.to}.`;
  switch (input.event) {
    case 'created': {
      const intro =
        by === 'patient'
          ? `hai prenotato un appuntamento ${nutritionist.with}.`
          : `${nutritionist.Subject} ha fissato un appuntamento per te.`;
      if (waitingForPayment(booking))
        return {
          subject: `Nuovo appuntamento: completa il pagamento per confermarlo`,
          greeting,
          paragraphs: [
            intro,
            details(booking),
            `Per confermarlo completa il pagamento entro ${deadlineLabel(booking)}: se il pagamento non arriva entro quel momento, l’appuntamento viene annullato.`,
          ],
          action: pay,
        };
      return {
        subject: `Appuntamento confermato: ${when}`,
        greeting,
        paragraphs: [intro, details(booking), videoRoomSentence(input.baseUrl, booking.BookingId)],
        action: open,
      };
    }
    case 'modified':
      return {
        subject: `Appuntamento spostato: ${when}`,
        greeting,
        paragraphs: [
          input.bySupport
            ? `${SUPPORT} ha spostato il tuo appuntamento (${typeName(booking)}) ${nutritionist.with}.`
            : `${nutritionist.Subject} ha spostato il tuo appuntamento (${typeName(booking)}).`,
          `Nuova data: ${when} (ora italiana)${
            booking.PreviousBookingTime ? `; prima era ${romeDayTimeLabel(booking.PreviousBookingTime)}` : ''
          }.`,
          ...(waitingForPayment(booking)
            ? [
                `Ricorda di completare il pagamento entro ${deadlineLabel(booking)}: altrimenti l’appuntamento viene annullato.`,
              ]
            : []),
        ],
        action: waitingForPayment(booking) ? pay : open,
      };
    case 'cancelled':
      return {
        subject: `Appuntamento annullato: ${when}`,
        greeting,
        paragraphs: [
          by === 'patient'
            ? `hai annullato il tuo appuntamento (${typeName(booking)}) di ${when} ${nutritionist.with}.`
            : input.bySupport
              ? `${SUPPORT} ha annullato il tuo appuntamento (${typeName(booking)}) di ${when} ${nutritionist.with}.`
              : `${nutritionist.Subject} ha annullato il tuo appuntamento (${typeName(booking)}) di ${when}.`,
          ...(booking.RefundOwed ? ['Riceverai il rimborso completo dell’importo pagato.'] : []),
          ...(booking.BookingStatusId === BookingStatus.CANCELLEDWITHFEE
            ? [
                'Poiché l’annullamento è avvenuto a meno di 2 giorni dall’appuntamento, la visita è considerata svolta e l’importo pagato non viene rimborsato.',
              ]
            : []),
          by === 'patient'
            ? `Quando vuoi, puoi fissarne un altro dalla tua area personale o scrivendo in chat ${nutritionist.to}.`
            : writeInChat,
        ],
        action: open,
      };
    case 'completed':
      return {
        subject: `Com’è andato il tuo appuntamento ${nutritionist.with}?`,
        greeting,
        paragraphs: [
          `grazie per aver partecipato al tuo appuntamento (${typeName(booking)}) di ${romeDayLabel(booking.BookingTime)}.`,
          booking.BookingTypeId === BookingType.FREE
            ? `Per fissare la tua prima visita nutrizionale scrivi in chat ${nutritionist.to}.`
            : `Per qualsiasi domanda sul tuo percorso puoi scrivere in chat ${nutritionist.to}.`,
          'Ci aiuteresti molto lasciando una recensione: bastano un voto e due righe.',
        ],
        action: { label: 'Lascia una recensione', url: `${open.url}/Review` },
      };
    case 'expired':
      return {
        subject: 'Appuntamento annullato: pagamento non ricevuto',
        greeting,
        paragraphs: [
          `il tuo appuntamento (${typeName(booking)}) ${nutritionist.with} di ${when} è stato annullato perché il pagamento non è arrivato entro la scadenza (${deadlineLabel(booking)}).`,
          writeInChat,
        ],
        action: open,
      };
    case 'payment-reminder':
      return input.urgent
        ? {
            subject: `Urgente: paga entro ${deadlineLabel(booking)} per non perdere l’appuntamento`,
            greeting,
            paragraphs: [
              `mancano pochi giorni al tuo appuntamento (${typeName(booking)}) ${nutritionist.with} di ${when} e il pagamento non è ancora arrivato.`,
              `Completa il pagamento entro ${deadlineLabel(booking)}: dopo quel momento la prenotazione viene annullata e l’orario torna disponibile.`,
            ],
            action: pay,
          }
        : {
            subject: 'Promemoria: completa il pagamento del tuo appuntamento',
            greeting,
            paragraphs: [
              `ti ricordiamo che il tuo appuntamento (${typeName(booking)}) ${nutritionist.with} di ${when} è in attesa di pagamento.`,
              `Il pagamento va completato entro 2 giorni dall’appuntamento, cioè entro ${deadlineLabel(booking)}: altrimenti la prenotazione viene annullata.`,
            ],
            action: pay,
          };
    case 'payment-link':
      return {
        subject: 'Il link per pagare il tuo appuntamento',
        greeting,
        paragraphs: [
          `ecco il link per pagare il tuo appuntamento (${typeName(booking)}) ${nutritionist.with} di ${when}.`,
          `Il pagamento va completato entro ${deadlineLabel(booking)}: altrimenti la prenotazione viene annullata.`,
        ],
        action: pay,
      };
    case 'appointment-reminder':
      return {
        subject: `Promemoria: domani alle ${romeTime(new Date(booking.BookingTime))} il tuo appuntamento`,
        greeting,
        paragraphs: [
          `ti ricordiamo il tuo appuntamento di domani ${nutritionist.with}.`,
          details(booking),
          'Domani, da 15 minuti prima dell’inizio, entri nella videochiamata con il pulsante qui sotto (o dalla tua agenda).',
        ],
        action: {
          label: 'Entra nella videochiamata',
          url: patientVideoRoomUrl(input.baseUrl, booking.BookingId),
        },
      };
  }
};

const nutritionistMail = (input: BookingMailInput): MailContent | null => {
  const { booking, by } = input;
  const when = romeDayTimeLabel(booking.BookingTime);
  const greeting = `Ciao ${input.recipientName},`;
  const open = {
    label: 'Apri l’appuntamento',
    url: nutritionistBookingUrl(input.baseUrl, booking.BookingId),
  };
  const freeAgain = 'L’orario è di nuovo libero nel tuo calendario.';
  switch (input.event) {
    case 'created':
      if (by !== 'patient') return null;
      return {
        subject: `Nuova prenotazione: ${input.patientName}, ${when}`,
        greeting,
        paragraphs: [
          `${input.patientName} ha prenotato un appuntamento con te.`,
          details(booking),
          ...(waitingForPayment(booking)
            ? [
                `L’appuntamento è in attesa di pagamento: se non viene pagato entro ${deadlineLabel(booking)} sarà annullato automaticamente.`,
              ]
            : []),
        ],
        action: open,
      };
    case 'modified':
      if (!input.bySupport) return null;
      return {
        subject: `Appuntamento spostato dal servizio clienti: ${input.patientName}, ${when}`,
        greeting,
        paragraphs: [
          `${SUPPORT} ha spostato l’appuntamento (${typeName(booking)}) di ${input.patientName}.`,
          `Nuova data: ${when} (ora italiana)${
            booking.PreviousBookingTime ? `; prima era ${romeDayTimeLabel(booking.PreviousBookingTime)}` : ''
          }.`,
        ],
        action: open,
      };
    case 'cancelled':
      if (input.bySupport)
        return {
          subject: `Appuntamento annullato dal servizio clienti: ${input.patientName}, ${when}`,
          greeting,
          paragraphs: [
            `${SUPPORT} ha annullato l’appuntamento (${typeName(booking)}) di ${input.patientName} di ${when}.`,
            freeAgain,
          ],
          action: open,
        };
      if (by === 'nutritionist') return null;
      return {
        subject: `Appuntamento annullato da ${input.patientName}`,
        greeting,
        paragraphs: [
          `${input.patientName} ha annullato l’appuntamento (${typeName(booking)}) di ${when}.`,
          freeAgain,
        ],
        action: open,
      };
    case 'expired':
      return {
        subject: `Appuntamento annullato: ${input.patientName} non ha pagato`,
        greeting,
        paragraphs: [
          `l’appuntamento (${typeName(booking)}) di ${input.patientName} di ${when} è stato annullato perché non è stato pagato entro la scadenza.`,
          freeAgain,
        ],
        action: open,
      };
    default:
      return null;
  }
};

/** The mail one recipient gets for an event, or null when that recipient gets none. */
export const bookingMail = (input: BookingMailInput, to: MailRecipient) => {
  const content = to === 'patient' ? patientMail(input) : nutritionistMail(input);
  return content
    ? renderMail(input.unsubscribe ? { ...content, unsubscribe: input.unsubscribe } : content)
    : null;
};

/** The Body of a booking message in the chat (the card itself is drawn from its Attributes). */
export const bookingMessageBody = (type: BookingMessageType, booking: BookingSnapshot) => {
  const when = romeDayTimeLabel(booking.BookingTime);
  const name = typeName(booking);
  switch (type) {
    case 'BookingCreated':
      return `Appuntamento fissato: ${name}, ${when}.${
        waitingForPayment(booking) ? ' In attesa di pagamento.' : ''
      }`;
    case 'BookingModified':
      return `Appuntamento spostato: ${name}, ora ${when}.`;
    case 'BookingCancelled':
      return `Appuntamento annullato: ${name} di ${when}.`;
    case 'BookingCompleted':
      return `Appuntamento completato: ${name} di ${romeDayLabel(booking.BookingTime)}.`;
    case 'BookingExpired':
      return `Appuntamento annullato per mancato pagamento: ${name} di ${when}.`;
    case 'PaymentCompleted':
      // The spec's own words (section 4, appointment flow), date as DD/MM/YYYY.
      return `Pagamento ricevuto, appuntamento del ${inRome(booking.BookingTime).format(DATE_FORMAT)} è confermato!`;
  }
};
