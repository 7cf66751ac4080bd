/** Italian words for the statuses the operations screens show (docs/product.md#back-office). */
import { whatsAppStatusLabels, type WhatsAppNoticeStatus } from '@nutri/shared';

const MAIL_EVENT_LABELS: Record<string, string> = {
  processed: 'Inviata',
  delivered: 'Consegnata',
  open: 'Aperta',
  click: 'Link aperto',
  dropped: 'Scartata',
  bounce: 'Respinta',
  spamreport: 'Segnalata come spam',
  deferred: 'In ritardo',
};
export const mailEventLabel = (event: string) => MAIL_EVENT_LABELS[event] ?? event;

const OUTCOME_LABELS: Record<string, string> = {
  stored: 'Registrato',
  duplicate: 'Duplicato',
  'invalid-signature': 'Firma non valida',
  malformed: 'Contenuto non valido',
  failed: 'Errore di elaborazione',
};
export const outcomeLabel = (outcome: string) => OUTCOME_LABELS[outcome] ?? outcome;
export const outcomeColor = (outcome: string) =>
  outcome === 'stored' ? 'leaf' : outcome === 'duplicate' ? 'gray' : 'red';

const MATCH_LABELS: Record<string, string> = {
  matched: 'Abbinato',
  noMatch: 'Nessun nutrizionista adatto',
  notSuitable: 'Non idoneo al servizio',
};
export const matchLabel = (match: string | null) => (match ? (MATCH_LABELS[match] ?? match) : '—');

export const noticeStatusLabel = (status: WhatsAppNoticeStatus) => whatsAppStatusLabels[status];
export const noticeStatusColor = (status: WhatsAppNoticeStatus) =>
  status === 'failed' ? 'red' : status === 'read' ? 'leaf' : status === 'delivered' ? 'teal' : 'gray';
