/**
 * `/SystemSettings/Contracts` (docs/product.md#contracts, SystemAdmin only; 403 for every other role):
 * every version of the two privacy contracts, drafting the next version (title and sanitized HTML text),
 * publishing it from a day on, discarding a draft, and the CSV of a version's acceptances. Every change is
 * audited in the same transaction as the change; the export is audited before its rows are returned.
 */
import {
  CONTRACT_NAMES,
  CONTRACT_TYPE_IDS,
  contractDraftSchema,
  contractPublishSchema,
  contractTexts,
  romeDate,
  romeInstant,
  type ContractOverview,
  type ContractTypeId,
  type ContractVersionSummary,
  type ContractVersionView,
} from '@nutri/shared';
import * as z from 'zod';
import { getDisplayNames, getUserContacts } from '../accounts';
import { AppError, conflict, notFound } from '../http/errors';
import { defineOperation, HttpResponse, noContent } from '../http/operation';
import { pathId } from '../http/path-id';
import { auditPut, recordAudit } from '../platform/audit';
import { now } from '../platform/clock';
import { csvCell } from '../platform/csv';
import { DomainError } from '../platform/domain-error';
import { hasVisibleText, sanitizeContractHtml } from './contract-html';
import { versionsInEffect } from './contract-versions';
import { CONTRACTS } from './contracts';
import {
  discardContractDraft,
  getContractVersion,
  listContractVersions,
  publishContractDraft,
  saveContractDraft,
  type StoredContractVersion,
} from './contracts-repo';
import { listConsentsOfVersion } from './patients-repo';

const contractType = pathId
  .transform(Number)
  .refine((value) => (CONTRACT_TYPE_IDS as readonly number[]).includes(value), {
    error: contractTexts.typeNotFound,
  });
const typePath = z.object({ contractTypeId: contractType });
const versionPath = z.object({ contractTypeId: contractType, version: pathId.transform(Number) });

const AUDIT_SUBJECT = 'contract';

const summaryOf = (
  version: StoredContractVersion,
  names: Map<string, string>,
  inEffect: number,
): ContractVersionSummary => ({
  Version: version.Version,
  Title: version.Title,
  Status: version.Status,
  EffectiveFrom: version.EffectiveFrom,
  PublishedAt: version.PublishedAt,
  PublishedBy: version.PublishedBy
    ? { UserId: version.PublishedBy, DisplayName: names.get(version.PublishedBy) ?? '' }
    : null,
  UpdatedAt: version.UpdatedAt,
  InEffect: version.Version === inEffect,
});

const codeSummary = (contractTypeId: ContractTypeId, inEffect: number): ContractVersionSummary => ({
  Version: 1,
  Title: CONTRACTS[contractTypeId].Title,
  Status: 'published',
  EffectiveFrom: null,
  PublishedAt: null,
  PublishedBy: null,
  UpdatedAt: null,
  InEffect: inEffect === 1,
});

/** Every contract with its versions, newest first. */
const overview = async (at: Date): Promise<ContractOverview[]> => {
  const stored = await listContractVersions();
  const inEffect = versionsInEffect(stored, at);
  const names = await getDisplayNames([
    ...new Set(stored.flatMap((version) => (version.PublishedBy ? [version.PublishedBy] : []))),
  ]);
  return CONTRACT_TYPE_IDS.map((contractTypeId) => {
    const current = inEffect.get(contractTypeId) ?? 1;
    const versions = stored
      .filter((version) => version.ContractTypeId === contractTypeId)
      .sort((a, b) => b.Version - a.Version)
      .map((version) => summaryOf(version, names, current));
    return {
      ContractTypeId: contractTypeId,
      Name: CONTRACT_NAMES[contractTypeId],
      CurrentVersion: current,
      Versions: [...versions, codeSummary(contractTypeId, current)],
    };
  });
};

export const listContractsForAdmin = defineOperation(['SystemAdmin'], {}, async () => ({
  Data: await overview(now()),
}));

/** One version with its text: any stored one (drafts too) or version 1 from code. */
const versionView = async (contractTypeId: ContractTypeId, version: number): Promise<ContractVersionView> => {
  const at = now();
  if (version === 1) {
    const inEffect = versionsInEffect(await listContractVersions(), at).get(contractTypeId) ?? 1;
    return {
      ...codeSummary(contractTypeId, inEffect),
      ContractTypeId: contractTypeId,
      ContractText: CONTRACTS[contractTypeId].ContractText,
    };
  }
  const [stored, all] = await Promise.all([
    getContractVersion(contractTypeId, version),
    listContractVersions(),
  ]);
  if (!stored) throw notFound(contractTexts.versionNotFound);
  const names = await getDisplayNames(stored.PublishedBy ? [stored.PublishedBy] : []);
  return {
    ...summaryOf(stored, names, versionsInEffect(all, at).get(contractTypeId) ?? 1),
    ContractTypeId: contractTypeId,
    ContractText: stored.ContractText,
  };
};

export const getContractVersionForAdmin = defineOperation(
  ['SystemAdmin'],
  { path: versionPath },
  async ({ path }) => versionView(path.contractTypeId as ContractTypeId, path.version),
);

const versionsOf = async (contractTypeId: number) =>
  (await listContractVersions())
    .filter((version) => version.ContractTypeId === contractTypeId)
    .sort((a, b) => a.Version - b.Version);

const changedMeanwhile = (error: unknown) => {
  if (error instanceof DomainError && error.code === 'conflict') throw conflict(contractTexts.draftChanged);
  throw error;
};

/**
 * Saves the draft: the one in progress (there is at most one per contract) or a new one numbered after
 * the last version. Its HTML is sanitized first; a text with nothing left to show is refused.
 */
export const saveContractDraftForAdmin = defineOperation(
  ['SystemAdmin'],
  { path: typePath, body: contractDraftSchema },
  async ({ path, body, actor }) => {
    const contractTypeId = path.contractTypeId as ContractTypeId;
    const text = sanitizeContractHtml(body.ContractText);
    if (!hasVisibleText(text))
      throw new AppError('validation_failed', contractTexts.textEmptyAfterCleaning, {
        errors: { ContractText: [contractTexts.textEmptyAfterCleaning] },
      });
    const last = (await versionsOf(contractTypeId)).at(-1);
    const isNew = last?.Status !== 'draft';
    const version = isNew ? (last?.Version ?? 1) + 1 : last.Version;
    const at = now();
    const { item } = auditPut(
      {
        Action: 'contract.draft.save',
        ActorUserId: actor.userId,
        SubjectType: AUDIT_SUBJECT,
        SubjectId: String(contractTypeId),
        Details: { version },
      },
      at,
    );
    await saveContractDraft({
      contractType: contractTypeId,
      version,
      isNew,
      title: body.Title,
      text,
      by: actor.userId,
      at,
      audit: item,
    }).catch(changedMeanwhile);
    return versionView(contractTypeId, version);
  },
);

const effectiveFromError = (message: string) =>
  new AppError('validation_failed', message, { errors: { EffectiveFrom: [message] } });

/**
 * Publishes the draft the editor shows from a Rome day on: from that day's start, or from now when it is
 * today. Never a past day, never before the previous published version takes effect.
 */
export const publishContractForAdmin = defineOperation(
  ['SystemAdmin'],
  { path: typePath, body: contractPublishSchema },
  async ({ path, body, actor }) => {
    const contractTypeId = path.contractTypeId as ContractTypeId;
    const at = now();
    const versions = await versionsOf(contractTypeId);
    const draft = versions.find((version) => version.Status === 'draft');
    if (!draft) throw new AppError('unprocessable', contractTexts.noDraft);
    if (draft.Version !== body.Version) throw conflict(contractTexts.draftChanged);
    const today = romeDate(at);
    if (body.EffectiveFrom < today) throw effectiveFromError(contractTexts.effectiveInPast);
    const dayStart = romeInstant(body.EffectiveFrom, '00:00');
    const effectiveFrom = dayStart > at ? dayStart : at;
    const previous = versions.filter((version) => version.Status === 'published').at(-1);
    if (previous?.EffectiveFrom && Date.parse(previous.EffectiveFrom) > effectiveFrom.getTime())
      throw effectiveFromError(
        contractTexts.effectiveBeforePrevious(previous.Version, romeDate(previous.EffectiveFrom)),
      );
    const { item } = auditPut(
      {
        Action: 'contract.publish',
        ActorUserId: actor.userId,
        SubjectType: AUDIT_SUBJECT,
        SubjectId: String(contractTypeId),
        Details: { version: draft.Version, effectiveFrom: effectiveFrom.toISOString() },
      },
      at,
    );
    await publishContractDraft({
      contractType: contractTypeId,
      version: draft.Version,
      effectiveFrom,
      by: actor.userId,
      at,
      audit: item,
    }).catch(changedMeanwhile);
    return versionView(contractTypeId, draft.Version);
  },
);

/** Discards a draft (published versions are never deleted: 409). */
export const discardContractDraftForAdmin = defineOperation(
  ['SystemAdmin'],
  { path: versionPath },
  async ({ path, actor }) => {
    const contractTypeId = path.contractTypeId as ContractTypeId;
    const stored = await getContractVersion(contractTypeId, path.version);
    if (!stored) throw notFound(contractTexts.versionNotFound);
    const { item } = auditPut(
      {
        Action: 'contract.draft.discard',
        ActorUserId: actor.userId,
        SubjectType: AUDIT_SUBJECT,
        SubjectId: String(contractTypeId),
        Details: { version: path.version },
      },
      now(),
    );
    await discardContractDraft({ contractType: contractTypeId, version: path.version, audit: item }).catch(
      changedMeanwhile,
    );
    return noContent();
  },
);

/** Rows of one export: a response of a few MB at most (about 150 bytes a row). */
export const ACCEPTANCES_EXPORT_MAX = 20_000;

const CSV_HEADER = [
  'Utente',
  'Nome',
  'E-mail',
  'Contratto',
  'Versione',
  'Accettato il (UTC)',
  'Indirizzo IP',
  'Browser (User-Agent)',
];

/**
 * The CSV of a version's acceptances, oldest first (docs/product.md#contracts): who, when, from which
 * address and browser. Personal data leave the product here, so the export is audited first.
 */
export const exportContractAcceptances = defineOperation(
  ['SystemAdmin'],
  { path: versionPath },
  async ({ path, actor }) => {
    const contractTypeId = path.contractTypeId as ContractTypeId;
    const consents = await listConsentsOfVersion(contractTypeId, path.version, ACCEPTANCES_EXPORT_MAX);
    const contacts = await getUserContacts([...new Set(consents.map((consent) => consent.userId))]);
    await recordAudit(
      {
        Action: 'contract.acceptances.export',
        ActorUserId: actor.userId,
        SubjectType: AUDIT_SUBJECT,
        SubjectId: String(contractTypeId),
        Details: { version: path.version, rows: consents.length },
      },
      now(),
    );
    const lines = [
      CSV_HEADER.join(';'),
      ...consents.map((consent) =>
        [
          consent.userId,
          contacts.get(consent.userId)?.DisplayName ?? null,
          contacts.get(consent.userId)?.Email ?? null,
          CONTRACT_NAMES[contractTypeId],
          consent.version,
          consent.acceptedAt,
          consent.sourceIp,
          consent.userAgent,
        ]
          .map(csvCell)
          .join(';'),
      ),
    ];
    // A byte-order mark: spreadsheet programs then read the accents as UTF-8.
    return new HttpResponse(200, `\uFEFF${lines.join('\r\n')}\r\n`, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="accettazioni-contratto-${contractTypeId}-v${path.version}.csv"`,
    });
  },
);
