/** The user profile shape of docs/product.md#data, as GET/PATCH UserDetails return it. */
import { APPLICATION_ID, type UserProfile } from '@nutri/shared';
import { config } from '../platform/config';
import type { User } from './users-repo';

export const PROFILE_IMAGE_WIDTHS = [400, 800] as const;

export const profileImageUrl = (
  imagePath: string | null | undefined,
  width: (typeof PROFILE_IMAGE_WIDTHS)[number] = 400,
) => (imagePath ? `${config().ASSETS_BASE_URL}/${imagePath}-${width}.webp` : null);

export const toUserProfile = (user: User): UserProfile => ({
  Id: user.Id,
  Name: user.Name,
  DisplayName: user.DisplayName,
  MobilePhoneNo: user.MobilePhoneNo,
  MobilePhoneVerified: user.MobilePhoneVerified === true,
  ImageFileUrl: profileImageUrl(user.ImagePath),
  AspNetUser: {
    Id: user.Id,
    UserName: user.UserName,
    Email: user.Email,
    ApplicationUsers: [
      {
        ApplicationId: APPLICATION_ID,
        ApplicationUserRoles: user.roles.map((role) => ({ Role: { Name: role } })),
      },
    ],
  },
});
