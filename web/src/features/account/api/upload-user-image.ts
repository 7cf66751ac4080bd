/** POST /api/v2/UserDetails/image (multipart, field "File"): sets the profile photo; answers with the profile. */
import { useSWRConfig } from 'swr';
import { PROFILE_IMAGE_FIELD, userProfileSchema, type UserProfile } from '@nutri/shared';
import { apiUpload } from '../../../api/client';
import { USER_DETAILS_KEY } from '../../auth';

export const uploadUserImage = async (
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UserProfile> => {
  const form = new FormData();
  form.append(PROFILE_IMAGE_FIELD, file, file.name);
  return userProfileSchema.parse(await apiUpload(`${USER_DETAILS_KEY}/image`, form, options));
};

export const useUploadUserImage = () => {
  const { mutate } = useSWRConfig();
  return async (file: File, options: Parameters<typeof uploadUserImage>[1] = {}) => {
    const profile = await uploadUserImage(file, options);
    await mutate(USER_DETAILS_KEY, profile, { revalidate: false });
    return profile;
  };
};
