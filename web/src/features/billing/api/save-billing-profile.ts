/**
 * POST /api/v2/User/BillingProfilesSelf (a new profile, created active) or PATCH …/{id} (the one being
 * edited); User/BillingProfiles with UserId for the back office. A refused save carries the server's
 * `Errors` map (field -> Italian messages).
 */
import { useSWRConfig } from 'swr';
import { billingProfileSchema, type BillingProfile, type BillingProfileFields } from '@nutri/shared';
import { api, apiPath } from '../../../api/client';
import { activeBillingProfilesCountKey } from './count-active-billing-profiles';
import { activeBillingProfilesKey } from './list-billing-profiles';
import { billingResource, userQuery } from './billing-resource';

export interface SaveBillingProfileInput {
  fields: BillingProfileFields;
  /** The profile being edited; none creates a new, active one. */
  billingProfileId?: number;
  /** Saves for this user through the back-office resource. */
  userId?: string;
}

export const saveBillingProfile = async ({
  fields,
  billingProfileId,
  userId,
}: SaveBillingProfileInput): Promise<BillingProfile> => {
  const resource = billingResource(userId);
  const answer =
    billingProfileId === undefined
      ? await api.post(resource, { ...fields, ...(userId ? { UserId: userId } : {}), IsActive: true })
      : await api.patch(apiPath(resource.slice(1), billingProfileId), fields, { query: userQuery(userId) });
  return billingProfileSchema.parse(answer);
};

/** Saves, then refreshes what depends on it (the active profile and the count the payment flow reads). */
export const useSaveBillingProfile = () => {
  const { mutate } = useSWRConfig();
  return async (input: SaveBillingProfileInput) => {
    const saved = await saveBillingProfile(input);
    await Promise.all([
      mutate(activeBillingProfilesKey(input.userId)),
      mutate(activeBillingProfilesCountKey(input.userId)),
    ]);
    return saved;
  };
};
