/**
 * The UserManager's calls (docs/product.md#user-management): overview, the paged list, one user's
 * account with its sessions and audit trail, and each change.
 */
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import type { AdminUserDetailsRequest, Role, UserStatus } from '@nutri/shared';
import { api, apiPath } from '../../../api/client';
import { useCursorList, type CursorListKey, type CursorListPage } from '../../../api/cursor-list';

export interface UsersOverview {
  PerRole: { Role: Role; Count: number }[];
  NewThisWeek: number;
  Disabled: number;
  Since: string;
}

export interface UserRow {
  Id: string;
  DisplayName: string;
  Email: string;
  Disabled: boolean;
  Roles: Role[];
}

export interface AuditRow {
  AuditId: string;
  Action: string;
  At: string;
  ActorUserId: string;
  ActorDisplayName: string | null;
  Details: Record<string, string | number | null>;
}

export interface ManagedUser {
  Id: string;
  UserName: string;
  Email: string;
  EmailVerified: boolean;
  Name: string;
  DisplayName: string;
  MobilePhoneNo: string | null;
  MobilePhoneVerified: boolean;
  Roles: Role[];
  Disabled: boolean;
  DisabledAt: string | null;
  HasPassword: boolean;
  CreatedAt: string;
  Sessions: { SessionId: string; StartedAt: string; RememberMe: boolean; ExpiresAt: string }[];
  Audit: AuditRow[];
}

export const useUsersOverview = (): SWRResponse<UsersOverview, unknown> =>
  useSWR('/UserManagement/Overview', (path: string) => api.get<UsersOverview>(path));

export interface UserListFilters {
  search: string;
  role: Role | '';
  status: UserStatus;
}

export const useUserList = (filters: UserListFilters) =>
  useCursorList<UserRow>(
    '/UserManagement/UserList',
    {
      limit: 25,
      status: filters.status,
      ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
      ...(filters.role ? { role: filters.role } : {}),
    },
    ([path, query]: CursorListKey) => api.get<CursorListPage<UserRow>>(path, { query }),
  );

const userKey = (userId: string) => apiPath('UserManagement', 'Users', userId);

export const useManagedUser = (userId: string | undefined): SWRResponse<ManagedUser, unknown> =>
  useSWR(userId ? userKey(userId) : null, (key: string) => api.get<ManagedUser>(key), {
    revalidateOnFocus: false,
  });

/** Each change answers the user as it now is; the page shows it (and its new audit entry) at once. */
export const useManagedUserActions = (userId: string) => {
  const { mutate } = useSWRConfig();
  const key = userKey(userId);
  const store = async (user: ManagedUser) => {
    await mutate(key, user, { revalidate: false });
    return user;
  };
  return {
    updateDetails: async (request: AdminUserDetailsRequest) =>
      store(await api.patch<ManagedUser>(key, request)),
    changeEmail: async (email: string) =>
      store(await api.post<ManagedUser>(`${key}/Email`, { Email: email })),
    setRoles: async (roles: Role[]) => store(await api.put<ManagedUser>(`${key}/Roles`, { Roles: roles })),
    disable: async () => store(await api.post<ManagedUser>(`${key}/Disable`)),
    enable: async () => store(await api.post<ManagedUser>(`${key}/Enable`)),
    sendPasswordReset: async () => {
      await api.post(`${key}/PasswordReset`);
      await mutate(key);
    },
    revokeSession: async (sessionId: string) => {
      await api.delete(apiPath('UserManagement', 'Users', userId, 'Sessions', sessionId));
      await mutate(key);
    },
  };
};
