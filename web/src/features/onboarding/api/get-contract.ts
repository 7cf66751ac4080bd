/** GET /api/v2/Patients/Contracts/{contractTypeId}: a privacy notice patients accept (types 2 and 3). */
import useSWR from 'swr';
import { z } from 'zod';
import { api, apiPath } from '../../../api/client';

/** Contract types of the patient's privacy notices (spec: 2 the service's, 3 the nutritionist's). */
export const CONTRACT_TYPE = { servicePrivacy: 2, nutritionistPrivacy: 3 } as const;
export type PrivacyContractType = (typeof CONTRACT_TYPE)[keyof typeof CONTRACT_TYPE];

const contractSchema = z.object({
  Title: z.string(),
  /** HTML shipped with the server code (version 1) or sanitized by the server when a SystemAdmin saved it. */
  ContractText: z.string(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractKey = (contractTypeId: PrivacyContractType) =>
  apiPath('Patients/Contracts', contractTypeId);

export const getContract = async (contractTypeId: PrivacyContractType): Promise<Contract> =>
  contractSchema.parse(await api.get(contractKey(contractTypeId)));

export const useContract = (contractTypeId: PrivacyContractType) =>
  useSWR<Contract>(contractKey(contractTypeId), () => getContract(contractTypeId), {
    // The page shows its own error (no toast).
    onError: () => undefined,
  });
