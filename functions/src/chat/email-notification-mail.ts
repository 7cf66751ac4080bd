/**
 * The e-mail about unseen chat messages. It never quotes a message (chat is health data and mail is not
 * a place for it): it says how many messages wait and from whom, with a button to that conversation.
 * An editable template whose default is this text (docs/product.md#e-mail-templates).
 */
import { honorific } from '@nutri/shared';
import type { UnsubscribeLinks } from '../platform/mail-layout';
import { defineMailTemplate, mailFromTemplate } from '../platform/mail-templates';

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

export const chatNotificationTemplate = defineMailTemplate({
  key: 'chat.unseen-messages',
  name: 'Nuovi messaggi in chat',
  description:
    'A chi ha messaggi non letti in chat da un po’ (mai il testo dei messaggi). Facoltativa: chi la riceve può disiscriversi.',
  variables: {
    recipientName: { label: 'Nome di chi riceve', sample: 'Giulia Conti' },
    what: { label: '“1 nuovo messaggio” o “N nuovi messaggi”', sample: '2 nuovi messaggi' },
    from: { label: 'Da chi (“dalla Dott.sa Chiara Bianchi”)', sample: 'dalla Dott.sa Chiara Bianchi' },
    url: {
      label: 'Link alla conversazione',
      sample: 'https://nutri.example/Chat?UserId=esempio',
      required: true,
    },
  },
  content: {
    subject: 'Hai {{what}} {{from}}',
    greeting: 'Ciao {{recipientName}},',
    paragraphs: [
      'hai {{what}} {{from}} nella chat di Nutrì.',
      'Per proteggere la tua privacy non riportiamo qui il testo: puoi leggerlo e rispondere nella chat.',
    ],
    action: { label: 'Apri la chat', url: '{{url}}' },
  },
  optional: true,
});

export const chatNotificationMail = (input: ChatNotificationMailInput) =>
  mailFromTemplate(
    chatNotificationTemplate,
    {
      recipientName: input.recipientName,
      what: input.count === 1 ? '1 nuovo messaggio' : `${input.count} nuovi messaggi`,
      from: fromAuthor(input.authorName, input.authorNutritionistTitle),
      url: chatConversationUrl(input.baseUrl, input.authorUserId),
    },
    input.unsubscribe,
  );
