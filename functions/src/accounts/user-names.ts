/**
 * The user side of a nutritionist: display name and roles, read from the user item (`USER#<id>` /
 * `PROFILE`, written only by users-repo.ts), so a renamed user shows the new name everywhere.
 */
import type { Role } from '@nutri/shared';
import { userKey } from './users-repo';
import { batchGet } from '../platform/db/batch-get';

export interface UserName {
  Id: string;
  DisplayName: string;
  roles: Role[];
}

export const isNutritionist = (user: Pick<UserName, 'roles'> | null | undefined) =>
  user?.roles.includes('Nutritionist') ?? false;

// Get the display name and roles of several users (BatchGet on the user key, projected: no hash, no e-mail).
export const getUserNames = async (userIds: readonly string[]): Promise<Map<string, UserName>> => {
  const found = new Map<string, UserName>();
  for (const item of await batchGet(userIds.map(userKey), { attributes: ['Id', 'DisplayName', 'roles'] })) {
    found.set(String(item.Id), {
      Id: String(item.Id),
      DisplayName: typeof item.DisplayName === 'string' ? item.DisplayName : '',
      roles: Array.isArray(item.roles) ? (item.roles as Role[]) : [],
    });
  }
  return found;
};
