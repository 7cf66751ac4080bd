/** PATCH /api/v2/UserDetails: changes name, display name or mobile phone; answers with the profile. */
import { useSWRConfig } from 'swr';
import { userProfileSchema, type UpdateUserDetailsRequest, type UserProfile } from '@nutri/shared';
import { api } from '../../../api/client';
import { USER_DETAILS_KEY } from '../../auth';

export const updateUserDetails = async (request: UpdateUserDetailsRequest): Promise<UserProfile> =>
  userProfileSchema.parse(await api.patch(USER_DETAILS_KEY, request));

/** Updates the profile and puts the answer in the profile cache (no second GET). */
export const useUpdateUserDetails = () => {
  const { mutate } = useSWRConfig();
  return async (request: UpdateUserDetailsRequest) => {
    const profile = await updateUserDetails(request);
    await mutate(USER_DETAILS_KEY, profile, { revalidate: false });
    return profile;
  };
};
