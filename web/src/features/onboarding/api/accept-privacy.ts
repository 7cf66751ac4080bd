/** POST /api/v2/Patients/Contracts/AcceptPrivacy: both privacy notices accepted (a consent record, 204). */
import { useSWRConfig } from 'swr';
import { api } from '../../../api/client';
import { PATIENT_HOME_PROFILE_KEY } from './get-patient-profile';

export const acceptPrivacy = async (): Promise<void> => {
  await api.post('/Patients/Contracts/AcceptPrivacy', {
    ServicePrivacyAccepted: true,
    NutritionistPrivacyAccepted: true,
  });
};

/** Accepts and reloads the profile flags that say whether the notices are signed. */
export const useAcceptPrivacy = () => {
  const { mutate } = useSWRConfig();
  return async () => {
    await acceptPrivacy();
    await mutate(PATIENT_HOME_PROFILE_KEY);
  };
};
