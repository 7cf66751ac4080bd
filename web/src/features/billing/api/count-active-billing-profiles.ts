/**
 * GET /api/v2/User/BillingProfilesSelf/count?IsActive=true (or User/BillingProfiles/count with UserId):
 * how many active billing profiles the user has. The payment flow (docs/product.md#states) opens the billing
 * dialog when it is 0.
 */
import useSWR from 'swr';
import { countResponseSchema } from '@nutri/shared';
import { api } from '../../../api/client';
import { billingResource, userQuery } from './billing-resource';

export const activeBillingProfilesCountKey = (userId?: string) =>
  [`${billingResource(userId)}/count`, { IsActive: true, ...userQuery(userId) }] as const;

export const countActiveBillingProfiles = async (userId?: string): Promise<number> => {
  const [path, query] = activeBillingProfilesCountKey(userId);
  return countResponseSchema.parse(await api.get(path, { query })).Count;
};

/**
 * Whether the user has an active billing profile, for the payment flow:
 *   const { hasActiveProfile } = useActiveBillingProfile();
 *   if (hasActiveProfile === false) open <BillingProfileDialog reason="missing" … />
 * `hasActiveProfile` is undefined while loading or after an error (`error` says which); `refresh()`
 * reads it again (saving through the dialog already does).
 */
export const useActiveBillingProfile = (userId?: string) => {
  const { data, error, isLoading, mutate } = useSWR<number, unknown>(
    activeBillingProfilesCountKey(userId),
    () => countActiveBillingProfiles(userId),
  );
  return {
    hasActiveProfile: data === undefined ? undefined : data > 0,
    count: data,
    isLoading,
    error,
    refresh: () => mutate(),
  };
};
