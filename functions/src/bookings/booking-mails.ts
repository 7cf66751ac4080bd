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
import type { MailContent, UnsubscribeLinks } from '../platform/mail-layout';
import { defineMailTemplate, mailFromTemplate, type MailTemplateVariable } from '../platform/mail-templates';

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

/** The variables of the booking templates: each template uses some of them. */
const VARIABLES = {
  recipientName: { label: 'Nome di chi riceve', sample: 'Giulia Conti' },
  patientName: { label: 'Nome del paziente', sample: 'Giulia Conti' },
  intro: {
    label: 'Frase iniziale (chi ha fatto cosa)',
    sample: 'hai prenotato un appuntamento con la Dott.sa Chiara Bianchi.',
  },
  details: {
    label: 'Tipo, data, durata e importo',
    sample:
      'Prima visita: giovedì 3 dicembre 2026 alle 10:00 (ora italiana), durata 60 minuti, importo 60,00 €.',
  },
  typeName: { label: 'Tipo di appuntamento', sample: 'Prima visita' },
  when: { label: 'Giorno e ora', sample: 'giovedì 3 dicembre 2026 alle 10:00' },
  day: { label: 'Giorno', sample: 'giovedì 3 dicembre 2026' },
  time: { label: 'Ora', sample: '10:00' },
  previous: {
    label: 'Data precedente (“; prima era …”, vuota se assente)',
    sample: '; prima era mercoledì 2 dicembre 2026 alle 9:00',
  },
  deadline: { label: 'Scadenza del pagamento', sample: 'martedì 1 dicembre 2026 alle 10:00' },
  nutritionistWith: { label: '“con la Dott.sa …”', sample: 'con la Dott.sa Chiara Bianchi' },
  nutritionistTo: { label: '“alla Dott.sa …”', sample: 'alla Dott.sa Chiara Bianchi' },
  videoRoom: {
    label: 'Frase sulla videochiamata, con il suo indirizzo',
    sample:
      'L’appuntamento si svolge in videochiamata: il giorno stesso, da 15 minuti prima dell’inizio, entri da https://nutri.example/Patients/Agenda/123/VideoRoom (o dalla tua agenda).',
  },
  paymentNote: {
    label: 'Avviso di pagamento (vuoto se già pagato)',
    sample:
      'Ricorda di completare il pagamento entro martedì 1 dicembre 2026 alle 10:00: altrimenti l’appuntamento viene annullato.',
  },
  refundNote: {
    label: 'Avviso di rimborso o di penale (vuoto se nessuno)',
    sample: 'Riceverai il rimborso completo dell’importo pagato.',
  },
  next: {
    label: 'Come proseguire (frase)',
    sample: 'Per fissare un nuovo appuntamento scrivi in chat alla Dott.sa Chiara Bianchi.',
  },
  url: {
    label: 'Link all’appuntamento',
    sample: 'https://nutri.example/Patients/Agenda/123',
    required: true,
  },
  reviewUrl: {
    label: 'Link alla recensione',
    sample: 'https://nutri.example/Patients/Agenda/123/Review',
    required: true,
  },
  videoRoomUrl: {
    label: 'Link alla videochiamata',
    sample: 'https://nutri.example/Patients/Agenda/123/VideoRoom',
    required: true,
  },
} satisfies Record<string, MailTemplateVariable>;
type BookingVariable = keyof typeof VARIABLES;

const bookingTemplate = (
  key: string,
  name: string,
  description: string,
  names: BookingVariable[],
  content: Omit<MailContent, 'unsubscribe'>,
  optional = false,
) =>
  defineMailTemplate({
    key: `bookings.${key}`,
    name,
    description,
    variables: Object.fromEntries(names.map((variable) => [variable, VARIABLES[variable]])),
    content,
    optional,
  });

const greeting = 'Ciao {{recipientName}},';
const open = { label: 'Vedi l’appuntamento', url: '{{url}}' };
const pay = { label: 'Paga ora', url: '{{url}}' };
const openForNutritionist = { label: 'Apri l’appuntamento', url: '{{url}}' };
const freeAgain = 'L’orario è di nuovo libero nel tuo calendario.';
const writeInChat = 'Per fissare un nuovo appuntamento scrivi in chat {{nutritionistTo}}.';

const TEMPLATES = {
  patientCreatedUnpaid: bookingTemplate(
    'patient.created-unpaid',
    'Appuntamento da pagare (al paziente)',
    'Al paziente, quando un appuntamento a pagamento è fissato e attende il pagamento.',
    ['recipientName', 'intro', 'details', 'deadline', 'url'],
    {
      subject: 'Nuovo appuntamento: completa il pagamento per confermarlo',
      greeting,
      paragraphs: [
        '{{intro}}',
        '{{details}}',
        'Per confermarlo completa il pagamento entro {{deadline}}: se il pagamento non arriva entro quel momento, l’appuntamento viene annullato.',
      ],
      action: pay,
    },
  ),
  patientCreated: bookingTemplate(
    'patient.created',
    'Appuntamento confermato (al paziente)',
    'Al paziente, quando un appuntamento gratuito o già pagato è fissato.',
    ['recipientName', 'when', 'intro', 'details', 'videoRoom', 'url'],
    {
      subject: 'Appuntamento confermato: {{when}}',
      greeting,
      paragraphs: ['{{intro}}', '{{details}}', '{{videoRoom}}'],
      action: open,
    },
  ),
  patientModified: bookingTemplate(
    'patient.modified',
    'Appuntamento spostato (al paziente)',
    'Al paziente, quando il nutrizionista o il servizio clienti sposta un appuntamento già pagato o gratuito.',
    ['recipientName', 'when', 'intro', 'previous', 'url'],
    {
      subject: 'Appuntamento spostato: {{when}}',
      greeting,
      paragraphs: ['{{intro}}', 'Nuova data: {{when}} (ora italiana){{previous}}.'],
      action: open,
    },
  ),
  patientModifiedUnpaid: bookingTemplate(
    'patient.modified-unpaid',
    'Appuntamento da pagare spostato (al paziente)',
    'Al paziente, quando viene spostato un appuntamento che attende il pagamento.',
    ['recipientName', 'when', 'intro', 'previous', 'deadline', 'url'],
    {
      subject: 'Appuntamento spostato: {{when}}',
      greeting,
      paragraphs: [
        '{{intro}}',
        'Nuova data: {{when}} (ora italiana){{previous}}.',
        'Ricorda di completare il pagamento entro {{deadline}}: altrimenti l’appuntamento viene annullato.',
      ],
      action: pay,
    },
  ),
  patientCancelled: bookingTemplate(
    'patient.cancelled',
    'Appuntamento annullato (al paziente)',
    'Al paziente, quando un appuntamento è annullato da lui, dal nutrizionista o dal servizio clienti.',
    ['recipientName', 'when', 'intro', 'refundNote', 'next', 'url'],
    {
      subject: 'Appuntamento annullato: {{when}}',
      greeting,
      paragraphs: ['{{intro}}', '{{refundNote}}', '{{next}}'],
      action: open,
    },
  ),
  patientCompleted: bookingTemplate(
    'patient.completed',
    'Appuntamento svolto: richiesta di recensione',
    'Al paziente, quando un appuntamento è completato.',
    ['recipientName', 'nutritionistWith', 'typeName', 'day', 'next', 'reviewUrl'],
    {
      subject: 'Com’è andato il tuo appuntamento {{nutritionistWith}}?',
      greeting,
      paragraphs: [
        'grazie per aver partecipato al tuo appuntamento ({{typeName}}) di {{day}}.',
        '{{next}}',
        'Ci aiuteresti molto lasciando una recensione: bastano un voto e due righe.',
      ],
      action: { label: 'Lascia una recensione', url: '{{reviewUrl}}' },
    },
  ),
  patientExpired: bookingTemplate(
    'patient.expired',
    'Appuntamento annullato per mancato pagamento (al paziente)',
    'Al paziente, quando un appuntamento non pagato entro la scadenza viene annullato.',
    ['recipientName', 'typeName', 'nutritionistWith', 'nutritionistTo', 'when', 'deadline', 'url'],
    {
      subject: 'Appuntamento annullato: pagamento non ricevuto',
      greeting,
      paragraphs: [
        'il tuo appuntamento ({{typeName}}) {{nutritionistWith}} di {{when}} è stato annullato perché il pagamento non è arrivato entro la scadenza ({{deadline}}).',
        writeInChat,
      ],
      action: open,
    },
  ),
  paymentReminderUrgent: bookingTemplate(
    'patient.payment-reminder-urgent',
    'Promemoria urgente di pagamento',
    'Al paziente, a 3 giorni o meno da un appuntamento non ancora pagato. Facoltativa.',
    ['recipientName', 'typeName', 'nutritionistWith', 'when', 'deadline', 'url'],
    {
      subject: 'Urgente: paga entro {{deadline}} per non perdere l’appuntamento',
      greeting,
      paragraphs: [
        'mancano pochi giorni al tuo appuntamento ({{typeName}}) {{nutritionistWith}} di {{when}} e il pagamento non è ancora arrivato.',
        'Completa il pagamento entro {{deadline}}: dopo quel momento la prenotazione viene annullata e l’orario torna disponibile.',
      ],
      action: pay,
    },
    true,
  ),
  paymentReminder: bookingTemplate(
    'patient.payment-reminder',
    'Promemoria di pagamento',
    'Al paziente, per un appuntamento non ancora pagato. Facoltativa.',
    ['recipientName', 'typeName', 'nutritionistWith', 'when', 'deadline', 'url'],
    {
      subject: 'Promemoria: completa il pagamento del tuo appuntamento',
      greeting,
      paragraphs: [
        'ti ricordiamo che il tuo appuntamento ({{typeName}}) {{nutritionistWith}} di {{when}} è in attesa di pagamento.',
        'Il pagamento va completato entro 2 giorni dall’appuntamento, cioè entro {{deadline}}: altrimenti la prenotazione viene annullata.',
      ],
      action: pay,
    },
    true,
  ),
  paymentLink: bookingTemplate(
    'patient.payment-link',
    'Link di pagamento inviato dal back-office',
    'Al paziente, quando il back-office gli invia di nuovo il link per pagare.',
    ['recipientName', 'typeName', 'nutritionistWith', 'when', 'deadline', 'url'],
    {
      subject: 'Il link per pagare il tuo appuntamento',
      greeting,
      paragraphs: [
        'ecco il link per pagare il tuo appuntamento ({{typeName}}) {{nutritionistWith}} di {{when}}.',
        'Il pagamento va completato entro {{deadline}}: altrimenti la prenotazione viene annullata.',
      ],
      action: pay,
    },
  ),
  appointmentReminder: bookingTemplate(
    'patient.appointment-reminder',
    'Promemoria dell’appuntamento di domani',
    'Al paziente, il giorno prima dell’appuntamento. Facoltativa.',
    ['recipientName', 'time', 'nutritionistWith', 'details', 'videoRoomUrl'],
    {
      subject: 'Promemoria: domani alle {{time}} il tuo appuntamento',
      greeting,
      paragraphs: [
        'ti ricordiamo il tuo appuntamento di domani {{nutritionistWith}}.',
        '{{details}}',
        'Domani, da 15 minuti prima dell’inizio, entri nella videochiamata con il pulsante qui sotto (o dalla tua agenda).',
      ],
      action: { label: 'Entra nella videochiamata', url: '{{videoRoomUrl}}' },
    },
    true,
  ),
  nutritionistCreated: bookingTemplate(
    'nutritionist.created',
    'Nuova prenotazione (al nutrizionista)',
    'Al nutrizionista, quando un paziente prenota.',
    ['recipientName', 'patientName', 'when', 'details', 'paymentNote', 'url'],
    {
      subject: 'Nuova prenotazione: {{patientName}}, {{when}}',
      greeting,
      paragraphs: ['{{patientName}} ha prenotato un appuntamento con te.', '{{details}}', '{{paymentNote}}'],
      action: openForNutritionist,
    },
  ),
  nutritionistModifiedBySupport: bookingTemplate(
    'nutritionist.modified-by-support',
    'Appuntamento spostato dal servizio clienti (al nutrizionista)',
    'Al nutrizionista, quando il back-office sposta un suo appuntamento.',
    ['recipientName', 'patientName', 'typeName', 'when', 'previous', 'url'],
    {
      subject: 'Appuntamento spostato dal servizio clienti: {{patientName}}, {{when}}',
      greeting,
      paragraphs: [
        `${SUPPORT} ha spostato l’appuntamento ({{typeName}}) di {{patientName}}.`,
        'Nuova data: {{when}} (ora italiana){{previous}}.',
      ],
      action: openForNutritionist,
    },
  ),
  nutritionistCancelledBySupport: bookingTemplate(
    'nutritionist.cancelled-by-support',
    'Appuntamento annullato dal servizio clienti (al nutrizionista)',
    'Al nutrizionista, quando il back-office annulla un suo appuntamento.',
    ['recipientName', 'patientName', 'typeName', 'when', 'url'],
    {
      subject: 'Appuntamento annullato dal servizio clienti: {{patientName}}, {{when}}',
      greeting,
      paragraphs: [
        `${SUPPORT} ha annullato l’appuntamento ({{typeName}}) di {{patientName}} di {{when}}.`,
        freeAgain,
      ],
      action: openForNutritionist,
    },
  ),
  nutritionistCancelledByPatient: bookingTemplate(
    'nutritionist.cancelled-by-patient',
    'Appuntamento annullato dal paziente (al nutrizionista)',
    'Al nutrizionista, quando un paziente annulla.',
    ['recipientName', 'patientName', 'typeName', 'when', 'url'],
    {
      subject: 'Appuntamento annullato da {{patientName}}',
      greeting,
      paragraphs: ['{{patientName}} ha annullato l’appuntamento ({{typeName}}) di {{when}}.', freeAgain],
      action: openForNutritionist,
    },
  ),
  nutritionistExpired: bookingTemplate(
    'nutritionist.expired',
    'Appuntamento non pagato e annullato (al nutrizionista)',
    'Al nutrizionista, quando un appuntamento non pagato entro la scadenza viene annullato.',
    ['recipientName', 'patientName', 'typeName', 'when', 'url'],
    {
      subject: 'Appuntamento annullato: {{patientName}} non ha pagato',
      greeting,
      paragraphs: [
        'l’appuntamento ({{typeName}}) di {{patientName}} di {{when}} è stato annullato perché non è stato pagato entro la scadenza.',
        freeAgain,
      ],
      action: openForNutritionist,
    },
  ),
};

/** Every booking template (the editor's list: settings/mail-templates.ts). */
export const bookingMailTemplates = Object.values(TEMPLATES);
type BookingTemplate = keyof typeof TEMPLATES;

/** Every value the booking templates may use, for one input and recipient. */
const valuesOf = (input: BookingMailInput, to: MailRecipient): Record<BookingVariable, string> => {
  const { booking } = input;
  const nutritionist = nutritionistReference(input.nutritionistName, input.nutritionistPersonalTitle);
  const url =
    to === 'patient'
      ? patientBookingUrl(input.baseUrl, booking.BookingId)
      : nutritionistBookingUrl(input.baseUrl, booking.BookingId);
  return {
    recipientName: input.recipientName,
    patientName: input.patientName,
    intro: '',
    details: details(booking),
    typeName: typeName(booking),
    when: romeDayTimeLabel(booking.BookingTime),
    day: romeDayLabel(booking.BookingTime),
    time: romeTime(new Date(booking.BookingTime)),
    previous: booking.PreviousBookingTime
      ? `; prima era ${romeDayTimeLabel(booking.PreviousBookingTime)}`
      : '',
    deadline: deadlineLabel(booking),
    nutritionistWith: nutritionist.with,
    nutritionistTo: nutritionist.to,
    videoRoom: videoRoomSentence(input.baseUrl, booking.BookingId),
    paymentNote: '',
    refundNote: '',
    next: '',
    url,
    reviewUrl: `${url}/Review`,
    videoRoomUrl: patientVideoRoomUrl(input.baseUrl, booking.BookingId),
  };
};

type Choice = { template: BookingTemplate; values?: Partial<Record<BookingVariable, string>> };

const patientChoice = (input: BookingMailInput): Choice => {
  const { booking, by } = input;
  const nutritionist = nutritionistReference(input.nutritionistName, input.nutritionistPersonalTitle);
  const when = romeDayTimeLabel(booking.BookingTime);
  switch (input.event) {
    case 'created': {
      const intro =
        by === 'patient'
          ? `hai prenotato un appuntamento ${nutritionist.with}.`
          : `${nutritionist.Subject} ha fissato un appuntamento per te.`;
      return {
        template: waitingForPayment(booking) ? 'patientCreatedUnpaid' : 'patientCreated',
        values: { intro },
      };
    }
    case 'modified':
      return {
        template: waitingForPayment(booking) ? 'patientModifiedUnpaid' : 'patientModified',
        values: {
          intro: input.bySupport
            ? `${SUPPORT} ha spostato il tuo appuntamento (${typeName(booking)}) ${nutritionist.with}.`
            : `${nutritionist.Subject} ha spostato il tuo appuntamento (${typeName(booking)}).`,
        },
      };
    case 'cancelled':
      return {
        template: 'patientCancelled',
        values: {
          intro:
            by === 'patient'
              ? `hai annullato il tuo appuntamento (${typeName(booking)}) di ${when} ${nutritionist.with}.`
              : input.bySupport
                ? `${SUPPORT} ha annullato il tuo appuntamento (${typeName(booking)}) di ${when} ${nutritionist.with}.`
                : `${nutritionist.Subject} ha annullato il tuo appuntamento (${typeName(booking)}) di ${when}.`,
          refundNote: booking.RefundOwed
            ? 'Riceverai il rimborso completo dell’importo pagato.'
            : booking.BookingStatusId === BookingStatus.CANCELLEDWITHFEE
              ? 'Poiché l’annullamento è avvenuto a meno di 2 giorni dall’appuntamento, la visita è considerata svolta e l’importo pagato non viene rimborsato.'
              : '',
          next:
            by === 'patient'
              ? `Quando vuoi, puoi fissarne un altro dalla tua area personale o scrivendo in chat ${nutritionist.to}.`
              : `Per fissare un nuovo appuntamento scrivi in chat ${nutritionist.to}.`,
        },
      };
    case 'completed':
      return {
        template: 'patientCompleted',
        values: {
          next:
            booking.BookingTypeId === BookingType.FREE
              ? `Per fissare la tua prima visita nutrizionale scrivi in chat ${nutritionist.to}.`
              : `Per qualsiasi domanda sul tuo percorso puoi scrivere in chat ${nutritionist.to}.`,
        },
      };
    case 'expired':
      return { template: 'patientExpired' };
    case 'payment-reminder':
      return { template: input.urgent ? 'paymentReminderUrgent' : 'paymentReminder' };
    case 'payment-link':
      return { template: 'paymentLink' };
    case 'appointment-reminder':
      return { template: 'appointmentReminder' };
  }
};

const nutritionistChoice = (input: BookingMailInput): Choice | null => {
  const { booking, by } = input;
  switch (input.event) {
    case 'created':
      if (by !== 'patient') return null;
      return {
        template: 'nutritionistCreated',
        values: {
          paymentNote: waitingForPayment(booking)
            ? `L’appuntamento è in attesa di pagamento: se non viene pagato entro ${deadlineLabel(booking)} sarà annullato automaticamente.`
            : '',
        },
      };
    case 'modified':
      return input.bySupport ? { template: 'nutritionistModifiedBySupport' } : null;
    case 'cancelled':
      if (input.bySupport) return { template: 'nutritionistCancelledBySupport' };
      return by === 'nutritionist' ? null : { template: 'nutritionistCancelledByPatient' };
    case 'expired':
      return { template: 'nutritionistExpired' };
    default:
      return null;
  }
};

/** The mail one recipient gets for an event, or null when that recipient gets none. */
export const bookingMail = (input: BookingMailInput, to: MailRecipient) => {
  const choice = to === 'patient' ? patientChoice(input) : nutritionistChoice(input);
  if (!choice) return null;
  const template = TEMPLATES[choice.template];
  const all = { ...valuesOf(input, to), ...choice.values };
  const values = Object.fromEntries(
    Object.keys(template.variables).map((name) => [name, all[name as BookingVariable]]),
  );
  return mailFromTemplate(template, values, input.unsubscribe);
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
      // Our fixed wording of the confirmation (docs/product.md#payments), date as DD/MM/YYYY.
      return `Pagamento ricevuto, appuntamento del ${inRome(booking.BookingTime).format(DATE_FORMAT)} è confermato!`;
  }
};
