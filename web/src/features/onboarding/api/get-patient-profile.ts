/** GET /api/v2/CurrentPatient/Profile?fields=...: the patient profile's flags the home needs. */
import useSWR from 'swr';
import { z } from 'zod';
import { api } from '../../../api/client';

const PROFILE_PATH = '/CurrentPatient/Profile';
const HOME_FIELDS = 'HasChangedNutritionist,OnboardingStep,PrivacyContractSigned,PrivacyContractsUpdated';

export const PATIENT_HOME_PROFILE_KEY = [PROFILE_PATH, { fields: HOME_FIELDS }] as const;

const homeProfileSchema = z.object({
  HasChangedNutritionist: z.boolean(),
  OnboardingStep: z.number().int().min(0),
  PrivacyContractSigned: z.boolean(),
  /** Accepted an older version of the notices: asked to accept the new one (docs/product.md#contracts). */
  PrivacyContractsUpdated: z.boolean(),
});
export type PatientHomeProfile = z.infer<typeof homeProfileSchema>;

export const getPatientHomeProfile = async (): Promise<PatientHomeProfile> =>
  homeProfileSchema.parse(await api.get(PROFILE_PATH, { query: { fields: HOME_FIELDS } }));

/** The page shows its own error (no toast). */
export const usePatientHomeProfile = () =>
  useSWR<PatientHomeProfile>(PATIENT_HOME_PROFILE_KEY, getPatientHomeProfile, { onError: () => undefined });
