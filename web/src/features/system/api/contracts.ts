/**
 * The SystemAdmin's contract versions (docs/product.md#contracts; onboarding area, SystemAdmin only): every
 * version of each contract, one version's text, saving, publishing and discarding the draft, and the CSV
 * of a version's acceptances.
 */
import useSWR from 'swr';
import type { ContractDraft, ContractOverview, ContractVersionView } from '@nutri/shared';
import { api, apiPath } from '../../../api/client';
import { saveTextFile } from '../../../lib/save-file';

const CONTRACTS_PATH = apiPath('SystemSettings', 'Contracts');
const versionPath = (contractTypeId: number, version: number, ...rest: string[]) =>
  apiPath('SystemSettings', 'Contracts', contractTypeId, 'Versions', version, ...rest);

export const useContracts = () =>
  useSWR<{ Data: ContractOverview[] }>(CONTRACTS_PATH, (path: string) =>
    api.get<{ Data: ContractOverview[] }>(path),
  );

export const useContractVersion = (contractTypeId: number, version: number | null) =>
  useSWR<ContractVersionView>(
    version === null ? null : versionPath(contractTypeId, version),
    (path: string) => api.get<ContractVersionView>(path),
  );

export const saveContractDraft = (contractTypeId: number, draft: ContractDraft) =>
  api.put<ContractVersionView>(apiPath('SystemSettings', 'Contracts', contractTypeId, 'Draft'), draft);

export const publishContractDraft = (contractTypeId: number, version: number, effectiveFrom: string) =>
  api.post<ContractVersionView>(apiPath('SystemSettings', 'Contracts', contractTypeId, 'Draft', 'Publish'), {
    Version: version,
    EffectiveFrom: effectiveFrom,
  });

export const discardContractDraft = (contractTypeId: number, version: number) =>
  api.delete<void>(versionPath(contractTypeId, version));

/** The CSV of a version's acceptances, saved as a file (the request carries the session: no plain link). */
export const downloadAcceptancesCsv = async (contractTypeId: number, version: number) => {
  const text = await api.get<string>(versionPath(contractTypeId, version, 'Acceptances'));
  saveTextFile(
    text.startsWith('\uFEFF') ? text : `\uFEFF${text}`,
    `accettazioni-contratto-${contractTypeId}-v${version}.csv`,
    'text/csv;charset=utf-8',
  );
};
