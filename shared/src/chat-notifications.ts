/**
 * E-mail notifications of unseen chat messages, their delivery events (docs/product.md#data: Chat message
 * EmailNotificationSent / EmailLastEvent, E-mail delivery events) and the nutritionist's urgent WhatsApp
 * notice (docs/product.md#roles and #errors). See docs/decisions/0011-chat.md (notifications).
 */
import { ChatMessageType, SYSTEM_AUTHOR_ID, parseMessageAttributes } from './chat';
import type { EmailEvent } from './domain';

/**
 * How long a message may stay unseen before its recipient is e-mailed (the spec says "a few minutes"):
 * long enough that someone chatting live is never mailed, short enough to be useful.
 */
export const CHAT_EMAIL_NOTIFICATION_DELAY_MS = 5 * 60_000;

/**
 * Whether a message may cause an unseen-message e-mail: text and file messages a person wrote. Booking
 * and payment messages are left out: each of those changes already sends its own e-mail (decision 0008).
 */
export const notifiesByEmail = (message: { AuthorId: string; Attributes: string }) => {
  if (message.AuthorId === SYSTEM_AUTHOR_ID) return false;
  const type = parseMessageAttributes(message.Attributes).MessageType;
  return type === undefined || type === ChatMessageType.SendFile;
};

/** Italian labels of the delivery events (the icon's accessible name on the nutritionist's messages). */
export const emailEventLabels: Record<EmailEvent, string> = {
  processed: 'Notifica e-mail inviata',
  delivered: 'Notifica e-mail consegnata',
  open: 'Notifica e-mail aperta',
  click: 'Link della notifica e-mail aperto',
  dropped: 'Notifica e-mail non inviata',
  bounce: 'Notifica e-mail respinta',
  spamreport: 'Notifica e-mail segnalata come spam',
  deferred: 'Notifica e-mail in ritardo',
};
/** Label of an e-mailed message before any delivery event arrived. */
export const emailNotificationPendingLabel = 'Notifica e-mail in invio';

/** One urgent WhatsApp notice per patient at most this often (not fixed by the spec). */
export const URGENT_NOTICE_INTERVAL_MS = 10 * 60_000;

/** docs/product.md#errors: the WhatsApp failure texts, and ours for the cases the spec does not name. */
export const urgentNoticeTexts = {
  failedTitle: 'Impossibile inviare il messaggio',
  noPhone: "Manca il numero di telefono dell'utente",
  tooSoon: (minutes: number) =>
    `Hai già inviato un avviso a questo paziente da poco: potrai inviarne un altro tra ${minutes} ${
      minutes === 1 ? 'minuto' : 'minuti'
    }.`,
  notConfigured: 'Gli avvisi WhatsApp non sono ancora attivi. Riprova più tardi.',
  providerFailed: 'WhatsApp non ha accettato il messaggio. Riprova più tardi.',
} as const;

/** `POST CurrentNutritionist/Patients/{id}/SendUrgentChatMessageNotification`. */
export interface UrgentNoticeResponse {
  /** ISO instant the notice was handed to WhatsApp. */
  SentAt: string;
}
