/** Roles come from the profile, for this deployment's application id (docs/product.md#roles). */
import type { Role, UserProfile } from '@nutri/shared';
import { APPLICATION_ID, isRole } from '../../lib/shared-values';

export const rolesOf = (
  profile: UserProfile | null | undefined,
  applicationId: string = APPLICATION_ID,
): Role[] => {
  if (!profile) return [];
  const application = profile.AspNetUser.ApplicationUsers.find(
    (entry) => entry.ApplicationId === applicationId,
  );
  if (!application) return [];
  const roles = application.ApplicationUserRoles.map((entry) => entry.Role.Name).filter(isRole);
  return [...new Set(roles)];
};
