/**
 * Versioned privacy contracts (docs/product.md#contracts): the SystemAdmin drafts a new version of a
 * contract, publishes it with the day it takes effect, and every patient accepts the version in effect
 * before paying. Shared by the onboarding area (which owns contracts and acceptances) and the web app.
 */
import * as z from 'zod';
import { validationTexts } from './texts';

/** The contracts patients accept: 2 the service's privacy notice, 3 the nutritionist's. */
export const CONTRACT_TYPE_IDS = [2, 3] as const;
export type ContractTypeId = (typeof CONTRACT_TYPE_IDS)[number];

export const CONTRACT_LIMITS = { title: 200, text: 100_000 } as const;

export const contractTexts = {
  typeNotFound: 'Tipo di contratto non valido.',
  versionNotFound: 'Versione del contratto non trovata.',
  titleRequired: 'Scrivi il titolo.',
  textRequired: 'Scrivi il testo del contratto.',
  textEmptyAfterCleaning:
    'Il testo non contiene nulla da mostrare: restano solo titoli, paragrafi, elenchi, grassetto, corsivo e link.',
  noDraft: 'Non c’è una bozza da pubblicare: salvane una prima.',
  draftChanged:
    'La bozza è cambiata mentre la guardavi (salvata, pubblicata o scartata da qualcun altro): ricarica la pagina.',
  effectiveInPast: 'La data di entrata in vigore non può essere nel passato.',
  effectiveBeforePrevious: (version: number, day: string) =>
    `La data di entrata in vigore non può precedere quella della versione ${version} (${day}).`,
  invalidDay: 'Scrivi la data nel formato AAAA-MM-GG.',
} as const;

export const contractDraftSchema = z.strictObject({
  Title: z
    .string()
    .trim()
    .min(1, contractTexts.titleRequired)
    .max(CONTRACT_LIMITS.title, validationTexts.tooLong(CONTRACT_LIMITS.title)),
  ContractText: z
    .string()
    .trim()
    .min(1, contractTexts.textRequired)
    .max(CONTRACT_LIMITS.text, validationTexts.tooLong(CONTRACT_LIMITS.text)),
});
export type ContractDraft = z.infer<typeof contractDraftSchema>;

/** Publishing the draft the editor shows (its version number) from a Rome day on (`YYYY-MM-DD`). */
export const contractPublishSchema = z.strictObject({
  Version: z.number().int().min(2),
  EffectiveFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, contractTexts.invalidDay),
});
export type ContractPublish = z.infer<typeof contractPublishSchema>;

/** The draft the editor started from, when discarding it. */
export const contractDiscardSchema = z.strictObject({ Version: z.number().int().min(2) });

export type ContractVersionStatus = 'draft' | 'published';

export interface ContractVersionSummary {
  Version: number;
  Title: string;
  Status: ContractVersionStatus;
  /** When the version takes effect (ISO instant); version 1, shipped in code, has always been in effect. */
  EffectiveFrom: string | null;
  PublishedAt: string | null;
  PublishedBy: { UserId: string; DisplayName: string } | null;
  /** Last save of the text (drafts); null for the version shipped in code. */
  UpdatedAt: string | null;
  /** The version patients accept now. */
  InEffect: boolean;
}

export interface ContractVersionView extends ContractVersionSummary {
  ContractTypeId: ContractTypeId;
  /** Sanitized HTML. */
  ContractText: string;
}

/** `GET SystemSettings/Contracts`: each contract with every version, newest first. */
export interface ContractOverview {
  ContractTypeId: ContractTypeId;
  Name: string;
  CurrentVersion: number;
  Versions: ContractVersionSummary[];
}

/** The contract names the back office shows. */
export const CONTRACT_NAMES: Record<ContractTypeId, string> = {
  2: 'Informativa privacy del servizio',
  3: 'Informativa privacy del nutrizionista',
};
