/** DELETE /api/v2/UserDetails/image: removes the profile photo; answers with the profile. */
import { useSWRConfig } from 'swr';
import { userProfileSchema, type UserProfile } from '@nutri/shared';
import { api } from '../../../api/client';
import { USER_DETAILS_KEY } from '../../auth';

export const deleteUserImage = async (): Promise<UserProfile> =>
  userProfileSchema.parse(await api.delete(`${USER_DETAILS_KEY}/image`));

export const useDeleteUserImage = () => {
  const { mutate } = useSWRConfig();
  return async () => {
    const profile = await deleteUserImage();
    await mutate(USER_DETAILS_KEY, profile, { revalidate: false });
    return profile;
  };
};
