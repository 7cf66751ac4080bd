/** GET /api/v2/UserDetails: the signed-in user's profile, with roles per application. */
import useSWR, { type SWRConfiguration } from 'swr';
import type { UserProfile } from '@nutri/shared';
import { api } from '../../../api/client';
import { loadAccountSchemas } from './load-account-schemas';

export const USER_DETAILS_KEY = '/UserDetails';

export const getUserDetails = async (): Promise<UserProfile> => {
  const [{ userProfileSchema }, body] = await Promise.all([loadAccountSchemas(), api.get(USER_DETAILS_KEY)]);
  return userProfileSchema.parse(body);
};

/** Loads the profile only while signed in (`enabled`), so signed-out visitors make no request. */
export const useUserDetails = (enabled: boolean, config: SWRConfiguration<UserProfile> = {}) =>
  useSWR<UserProfile>(enabled ? USER_DETAILS_KEY : null, getUserDetails, config);
