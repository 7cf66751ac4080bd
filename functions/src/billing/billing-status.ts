/**
 * What other areas need to know about a user's billing data, without reading its items themselves.
 */
import { getActiveBillingProfile } from './billing-profiles-repo';

/**
 * Whether a nutritionist can invoice (docs/product.md#data: IsBillingProfileComplete): an active billing
 * profile with a partita IVA, since a health professional's invoice must carry one. Every other field
 * of a profile is required when it is saved.
 */
export const isBillingProfileComplete = async (userId: string): Promise<boolean> => {
  const profile = await getActiveBillingProfile(userId);
  return profile !== null && profile.PartitaIva !== null;
};
