/**
 * System settings (docs/product.md#e-mail-templates, docs/product.md#audit-trail): the SystemAdmin’s
 * e-mail template editor and audit search. Shared by the system area and the web pages.
 */
import * as z from 'zod';
import { validationTexts } from './texts';

export const MAIL_TEMPLATE_LIMITS = { subject: 200, html: 50_000, text: 20_000 } as const;

/** Where a template's message goes: an e-mail, or a text message (the text only). */
export const MAIL_TEMPLATE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type MailTemplateChannel = (typeof MAIL_TEMPLATE_CHANNELS)[number];
export const MAIL_TEMPLATE_CHANNEL_LABELS: Record<MailTemplateChannel, string> = {
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};
/** One SMS (longer texts are split and cost more). */
export const SMS_MAX_LENGTH = 160;
/** The body of a WhatsApp template message. */
export const WHATSAPP_MAX_LENGTH = 1024;

export const mailTemplateTexts = {
  notFound: 'Modello e-mail non trovato.',
  versionNotFound: 'Versione non trovata.',
  changedMeanwhile:
    'Il modello è stato salvato da qualcun altro mentre lo modificavi: ricarica la pagina per vedere l’ultima versione.',
  subjectRequired: 'Scrivi l’oggetto.',
  htmlRequired: 'Scrivi il testo HTML.',
  textRequired: 'Scrivi il testo semplice.',
  noMobileForTest:
    'Per ricevere una prova di un SMS o di un messaggio WhatsApp aggiungi e verifica il tuo numero di cellulare nel profilo.',
} as const;

/** A template key, `<area>.<mail>` (e.g. `accounts.password-reset`). */
export const mailTemplateKeySchema = z.string().regex(/^[a-z]+(?:\.[a-z-]+)+$/, mailTemplateTexts.notFound);

/**
 * A draft's texts. A text message (SMS, WhatsApp) has no subject nor HTML, so these may be empty here; the
 * server requires them of e-mails (platform/mail-templates.ts checkTemplate).
 */
export const mailTemplateDraftSchema = z.strictObject({
  Subject: z
    .string()
    .trim()
    .max(MAIL_TEMPLATE_LIMITS.subject, validationTexts.tooLong(MAIL_TEMPLATE_LIMITS.subject)),
  Html: z.string().trim().max(MAIL_TEMPLATE_LIMITS.html, validationTexts.tooLong(MAIL_TEMPLATE_LIMITS.html)),
  Text: z
    .string()
    .trim()
    .min(1, mailTemplateTexts.textRequired)
    .max(MAIL_TEMPLATE_LIMITS.text, validationTexts.tooLong(MAIL_TEMPLATE_LIMITS.text)),
});
export type MailTemplateDraft = z.infer<typeof mailTemplateDraftSchema>;

/** A save: the draft and the version the editor started from (0: the default). */
export const mailTemplateSaveSchema = mailTemplateDraftSchema.extend({
  BaseVersion: z.number().int().min(0),
});
export type MailTemplateSave = z.infer<typeof mailTemplateSaveSchema>;

export const mailTemplateRestoreSchema = z.strictObject({ BaseVersion: z.number().int().min(0) });

/** One row of `GET SystemSettings/EmailTemplates`. */
export interface MailTemplateSummary {
  Key: string;
  Name: string;
  Description: string;
  Channel: MailTemplateChannel;
  /** 0 while the default in code applies. */
  Version: number;
  SavedAt: string | null;
}

export interface MailTemplateVariableView {
  Name: string;
  Label: string;
  Sample: string;
  Required: boolean;
}

export interface MailTemplateVersionView {
  /** 0 is the default shipped in code. */
  Version: number;
  Subject: string;
  Html: string;
  Text: string;
  SavedBy: { UserId: string; DisplayName: string } | null;
  SavedAt: string | null;
  /** The version whose texts a rollback copied. */
  RestoredFrom: number | null;
}

/** `GET SystemSettings/EmailTemplates/{key}`: the template, its current texts and every version. */
export interface MailTemplateView {
  Key: string;
  Name: string;
  Description: string;
  /** Optional mails carry an unsubscribe line the template does not hold. */
  Optional: boolean;
  /** A text message's template has the text only (Subject and Html empty). */
  Channel: MailTemplateChannel;
  /** The longest rendered text the channel takes (text messages), or null. */
  MaxLength: number | null;
  Variables: MailTemplateVariableView[];
  Current: MailTemplateVersionView;
  /** Newest first, ending with version 0 (the default). */
  Versions: MailTemplateVersionView[];
}

/** A rendering on the sample values (live preview). */
export interface MailTemplatePreview {
  Subject: string;
  Html: string;
  Text: string;
}

/** Entries per page of the audit search. */
export const AUDIT_PAGE_SIZE = 50;
/** The longest period searched without a user or a target. */
export const AUDIT_MAX_DAYS_WITHOUT_FILTER = 31;

/** What an audit entry can be about, with its Italian name (the search's target types). */
export const AUDIT_SUBJECT_TYPES = {
  patient: 'Paziente',
  user: 'Utente',
  conversation: 'Conversazione',
  booking: 'Appuntamento',
  mailTemplate: 'Modello e-mail',
  'tally-delivery': 'Consegna del questionario',
  contract: 'Contratto',
} as const;
export type AuditSubjectType = keyof typeof AUDIT_SUBJECT_TYPES;

export const auditTexts = {
  invalidDay: 'Scrivi la data nel formato AAAA-MM-GG.',
  periodReversed: 'La data di inizio deve venire prima della data di fine.',
  periodTooLong: `Senza utente né oggetto, cerca al massimo ${AUDIT_MAX_DAYS_WITHOUT_FILTER} giorni alla volta.`,
  targetIncomplete: 'Indica sia il tipo sia l’identificativo dell’oggetto.',
  userNotFound: 'Nessun utente con questa e-mail o questo identificativo.',
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, auditTexts.invalidDay);

/** `GET SystemSettings/Audit`: who (e-mail or id), what (type and id), when (UTC days, both included). */
export const auditSearchQuerySchema = z
  .strictObject({
    user: z.string().trim().max(200).optional(),
    subjectType: z.enum(Object.keys(AUDIT_SUBJECT_TYPES) as [AuditSubjectType]).optional(),
    subjectId: z.string().trim().max(100).optional(),
    from: day,
    to: day,
    before: z.string().max(200).optional(),
  })
  .superRefine((query, context) => {
    if (query.from > query.to)
      context.addIssue({ code: 'custom', path: ['from'], message: auditTexts.periodReversed });
    if (Boolean(query.subjectType) !== Boolean(query.subjectId))
      context.addIssue({ code: 'custom', path: ['subjectId'], message: auditTexts.targetIncomplete });
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (!query.user && !query.subjectId && days > AUDIT_MAX_DAYS_WITHOUT_FILTER)
      context.addIssue({ code: 'custom', path: ['from'], message: auditTexts.periodTooLong });
  });
export type AuditSearchQuery = z.infer<typeof auditSearchQuerySchema>;

export interface AuditEntryView {
  AuditId: string;
  At: string;
  Action: string;
  Actor: { UserId: string; DisplayName: string };
  SubjectType: string;
  SubjectId: string;
  /** Ids and counts, never content. */
  Details: Record<string, string | number | null>;
}

export interface AuditSearchResponse {
  Data: AuditEntryView[];
  /** Pass as `before` for the next page; null at the end. */
  NextCursor: string | null;
}
