/**
 * System settings (docs/product.md#system-settings): the SystemAdmin’s
 * e-mail template editor and audit search. Shared by the system area and the web pages.
 */
import * as z from 'zod';
import { validationTexts } from './texts';

export const MAIL_TEMPLATE_LIMITS = { subject: 200, html: 50_000, text: 20_000 } as const;

export const mailTemplateTexts = {
  notFound: 'Modello e-mail non trovato.',
  versionNotFound: 'Versione non trovata.',
  changedMeanwhile:
    'Il modello è stato salvato da qualcun altro mentre lo modificavi: ricarica la pagina per vedere l’ultima versione.',
  subjectRequired: 'Scrivi l’oggetto.',
  htmlRequired: 'Scrivi il testo HTML.',
  textRequired: 'Scrivi il testo semplice.',
} as const;

/** A template key, `<area>.<mail>` (e.g. `accounts.password-reset`). */
export const mailTemplateKeySchema = z.string().regex(/^[a-z]+(?:\.[a-z-]+)+$/, mailTemplateTexts.notFound);

export const mailTemplateDraftSchema = z.strictObject({
  Subject: z
    .string()
    .trim()
    .min(1, mailTemplateTexts.subjectRequired)
    .max(MAIL_TEMPLATE_LIMITS.subject, validationTexts.tooLong(MAIL_TEMPLATE_LIMITS.subject)),
  Html: z
    .string()
    .trim()
    .min(1, mailTemplateTexts.htmlRequired)
    .max(MAIL_TEMPLATE_LIMITS.html, validationTexts.tooLong(MAIL_TEMPLATE_LIMITS.html)),
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
