/**
 * The back office's operations views (docs/product.md#back-office): the admin home's figures, a patient's
 * timeline, the questionnaire webhook log and the WhatsApp log. Shared by the handlers and the pages.
 */

/** The kinds of a patient's timeline, in the order the filter lists them. */
export const PATIENT_EVENT_KINDS = [
  'questionnaire',
  'registration',
  'verification',
  'onboarding',
  'nutritionist',
  'booking',
  'payment',
  'mail',
  'whatsapp',
  'chat',
] as const;
export type PatientEventKind = (typeof PATIENT_EVENT_KINDS)[number];

export const patientEventKindLabels: Record<PatientEventKind, string> = {
  questionnaire: 'Questionario',
  registration: 'Registrazione',
  verification: 'Verifica e-mail',
  onboarding: 'Percorso',
  nutritionist: 'Nutrizionista',
  booking: 'Appuntamenti',
  payment: 'Pagamenti e rimborsi',
  mail: 'E-mail',
  whatsapp: 'WhatsApp',
  chat: 'Chat',
};

export interface PatientEventView {
  /** Unique in the timeline (kind and source id). */
  Id: string;
  Kind: PatientEventKind;
  /** ISO instant. */
  At: string;
  Title: string;
  /** One line of plain detail (never health data, never a message). */
  Detail: string | null;
  /** A status word of the source: a mail's last delivery event, a notice's provider status. */
  Status: string | null;
  /** The booking it concerns. */
  BookingId: number | null;
  /** The questionnaire answers can be opened (BusinessAdmin only, audited). */
  HasAnswers: boolean;
}

/** The admin home's figures (all counted through indexes). */
export interface AdminOverview {
  /** Rome calendar date the figures are for. */
  Date: string;
  VisitsToday: number;
  UnpaidDueSoon: number;
  PatientsWaiting: number;
  QuestionnairesWithoutAccount: number;
  FailedWebhooks: number;
  BouncedMails: number;
  OpenRefunds: number;
}

/** How far back the "recent" figures look (questionnaires without an account, failures, bounces). */
export const ADMIN_OVERVIEW_WINDOW_DAYS = 7;
/** Unpaid bookings counted when their time is within this many days. */
export const UNPAID_DUE_WITHIN_DAYS = 3;

export const WHATSAPP_NOTICE_STATUSES = ['accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppNoticeStatus = (typeof WHATSAPP_NOTICE_STATUSES)[number];
export const whatsAppStatusLabels: Record<WhatsAppNoticeStatus, string> = {
  accepted: 'Preso in carico',
  sent: 'Inviato',
  delivered: 'Consegnato',
  read: 'Letto',
  failed: 'Non riuscito',
};

export const TALLY_LOG_FILTERS = [
  'all',
  'open-failures',
  'unclaimed',
  'stored',
  'duplicate',
  'invalid-signature',
  'malformed',
  'failed',
] as const;
export type TallyLogFilter = (typeof TALLY_LOG_FILTERS)[number];
export const tallyLogFilterLabels: Record<TallyLogFilter, string> = {
  all: 'Tutte le consegne',
  'open-failures': 'Non riuscite da rielaborare',
  unclaimed: 'Questionari senza account',
  stored: 'Registrate',
  duplicate: 'Duplicate',
  'invalid-signature': 'Firma non valida',
  malformed: 'Contenuto non valido',
  failed: 'Errore di elaborazione',
};
