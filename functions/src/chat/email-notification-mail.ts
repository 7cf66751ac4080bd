/**
 * The e-mail about unseen chat messages. It never quotes a message (chat is health data and mail is not
 * a place for it): it says how many messages wait and from whom, with a button to that conversation.
 */
import { honorific } from '@nutri/shared';
import { renderMail, type UnsubscribeLinks } from '../platform/mail-layout';

export interface ChatNotificationMailInput {
  /** Messages the e-mail covers (at least 1). */
  count: number;
  recipientName: string;
  authorName: string;
  /** The author's PersonalTitle when the author is a nutritionist ('dottoressa' gives Dott.sa). */
  authorNutritionistTitle?: string | null;
  authorUserId: string;
  baseUrl: string;
  /** The recipient's way out of these optional mails. */
  unsubscribe: UnsubscribeLinks;
}

/** `/Chat?UserId=<author>`: opens the conversation with the author. */
export const chatConversationUrl = (baseUrl: string, otherUserId: string) =>
  `${baseUrl}/Chat?UserId=${encodeURIComponent(otherUserId)}`;

/** "da Paola Rossi", or for a nutritionist "dalla Dott.sa Chiara Bianchi" / "dal Dott. Marco Neri". */
export const fromAuthor = (name: string, nutritionistTitle: string | null | undefined) => {
  if (nutritionistTitle === undefined) return `da ${name}`;
  const title = honorific(nutritionistTitle);
  return `${title === 'Dott.sa' ? 'dalla' : 'dal'} ${title} ${name}`;
};

export const chatNotificationMail = (input: ChatNotificationMailInput) => {
  const what = input.count === 1 ? '1 nuovo messaggio' : `${input.count} nuovi messaggi`;
  const from = fromAuthor(input.authorName, input.authorNutritionistTitle);
  return renderMail({
    subject: `Hai ${what} ${from}`,
    greeting: `Ciao ${input.recipientName},`,
    paragraphs: [
      `hai ${what} ${from} nella chat di Nutrì.`,
      'Per proteggere la tua privacy non riportiamo qui il testo: puoi leggerlo e rispondere nella chat.',
    ],
    action: { label: 'Apri la chat', url: chatConversationUrl(input.baseUrl, input.authorUserId) },
    unsubscribe: input.unsubscribe,
  });
};
