/**
 * GET /api/v2/User/BillingProfilesSelf?IsActive=true (or User/BillingProfiles with UserId): the active
 * billing profile, shown on the profile page and edited through the billing dialog.
 */
import useSWR from 'swr';
import { billingProfileListSchema, type BillingProfile } from '@nutri/shared';
import { api } from '../../../api/client';
import { billingResource, userQuery } from './billing-resource';

export const activeBillingProfilesKey = (userId?: string) =>
  [billingResource(userId), { IsActive: true, ...userQuery(userId) }] as const;

export const listActiveBillingProfiles = async (userId?: string): Promise<BillingProfile[]> => {
  const [path, query] = activeBillingProfilesKey(userId);
  return billingProfileListSchema.parse(await api.get(path, { query })).Data;
};

/** The active profile (null when there is none); the caller shows its own error (no toast). */
export const useActiveBillingProfileDetails = (userId?: string) => {
  const result = useSWR<BillingProfile[], unknown>(
    activeBillingProfilesKey(userId),
    () => listActiveBillingProfiles(userId),
    {
      onError: () => undefined,
    },
  );
  return { ...result, profile: result.data === undefined ? undefined : (result.data[0] ?? null) };
};
