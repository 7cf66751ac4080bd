/**
 * The patients' privacy centre (docs/product.md#privacy-centre): consents with their dates, the export of
 * one's data and the erasure of one's account; the SystemAdmin's list of these requests.
 */
import * as z from 'zod';

/** The typed confirmation of an erasure for an account without a password. */
export const ERASURE_CONFIRMATION_WORD = 'ELIMINA';
/** How long the export's download link works. */
export const PRIVACY_EXPORT_LINK_HOURS = 24;

export const privacyRequestKinds = ['export', 'erasure'] as const;
export type PrivacyRequestKind = (typeof privacyRequestKinds)[number];
export const privacyRequestStatuses = ['waiting', 'done', 'failed'] as const;
export type PrivacyRequestStatus = (typeof privacyRequestStatuses)[number];

export const erasureRequestSchema = z
  .object({
    password: z.string().max(200).optional(),
    confirmation: z.string().max(50).optional(),
  })
  .strict();
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

export interface PrivacyConsent {
  /** `contract-2`, `contract-3` (privacy contracts), `marketing-mail`, `sts-opposition`. */
  Kind: string;
  Label: string;
  /** Given (accepted, or the opposition chosen) or withdrawn. */
  State: 'given' | 'withdrawn';
  At: string | null;
  Detail: string | null;
}

export interface PrivacyRequestView {
  RequestId: string;
  Kind: PrivacyRequestKind;
  Status: PrivacyRequestStatus;
  RequestedAt: string;
  CompletedAt: string | null;
  /** Counts of what was exported or erased, by section; never the content. */
  Outcome: Record<string, number> | null;
}

export interface PrivacyCentreResponse {
  Consents: PrivacyConsent[];
  /** The optional mails (reminders, unseen messages) may be sent. */
  MarketingMail: boolean;
  Requests: PrivacyRequestView[];
  /** The account has a password (else the erasure asks for the typed confirmation). */
  HasPassword: boolean;
}

export interface AdminPrivacyRequestView extends PrivacyRequestView {
  UserId: string;
  DisplayName: string;
}

export interface AdminPrivacyRequestsResponse {
  Data: AdminPrivacyRequestView[];
  Waiting: number;
}

export const privacyTexts = {
  exportAlreadyWaiting: 'Una richiesta di esportazione è già in corso: riceverai presto il link per e-mail.',
  erasureAlreadyWaiting: 'La cancellazione del tuo account è già in corso.',
  wrongPassword: 'La password non è corretta.',
  confirmationNeeded: `Per confermare scrivi ${ERASURE_CONFIRMATION_WORD}.`,
};
