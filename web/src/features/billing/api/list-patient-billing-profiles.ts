/**
 * GET /api/v2/CurrentNutritionist/Patients/{id}/BillingProfiles: a nutritionist's own patient's billing
 * profiles (the active one first); 404 for anyone else's patient.
 */
import useSWR from 'swr';
import { billingProfileListSchema, type BillingProfile } from '@nutri/shared';
import { api, apiPath } from '../../../api/client';

export const patientBillingProfilesKey = (patientUserId: string) =>
  apiPath('CurrentNutritionist/Patients', patientUserId, 'BillingProfiles');

export const listPatientBillingProfiles = async (patientUserId: string): Promise<BillingProfile[]> =>
  billingProfileListSchema.parse(await api.get(patientBillingProfilesKey(patientUserId))).Data;

/** Loaded only with a patient; the caller shows its own error (no toast). */
export const usePatientBillingProfiles = (patientUserId: string | null | undefined) =>
  useSWR<BillingProfile[], unknown>(
    patientUserId ? patientBillingProfilesKey(patientUserId) : null,
    () => listPatientBillingProfiles(patientUserId!),
    { onError: () => undefined },
  );
