/**
 * Nutritionist profiles in the back office (BusinessAdmin): the list (GET Admin/Nutritionists, searched by
 * the start of the name, 50 per page), one
 * profile (GET/PATCH Admin/NutritionistProfile/{userId}) and its photo (POST .../image, field `File`).
 */
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import {
  CONTENT_IMAGE_FIELD,
  adminNutritionistProfileSchema,
  adminNutritionistSummarySchema,
  listResponseSchema,
  PAGE_SIZE,
  type AdminNutritionistProfile,
  type AdminNutritionistSummary,
  type CreateNutritionistAccountRequest,
  type UpdateNutritionistProfileRequest,
} from '@nutri/shared';
import { api, apiPath, apiUpload } from '../../../../api/client';
import { useCursorList } from '../../../../api/cursor-list';
import { requireId } from '../../content/api/require-id';

export const ADMIN_NUTRITIONISTS_PATH = '/Admin/Nutritionists';
const listSchema = listResponseSchema(adminNutritionistSummarySchema);

const LIST_PAGE_SIZE = 50;
/** SWR's global `mutate(filter)` skips paged lists' keys: a change reloads the pages on screen through this. */
const pagedListReloaders = new Set<() => void>();

/** The paged list of /Admin/Nutritionists: `displayName` is the start of the name, '' for everyone. */
export const useAdminNutritionistPages = (displayName: string) =>
  useCursorList(
    ADMIN_NUTRITIONISTS_PATH,
    { limit: LIST_PAGE_SIZE, displayName: displayName || undefined },
    async ([path, query]) => listSchema.parse(await api.get(path, { query })),
    { reloaders: pagedListReloaders },
  );

/** The nutritionist filter of other back-office lists: the first few whose name starts with the text. */
export const useAdminNutritionistSearch = (
  displayName: string,
): SWRResponse<AdminNutritionistSummary[], unknown> =>
  useSWR(
    [ADMIN_NUTRITIONISTS_PATH, { limit: PAGE_SIZE.pickers, displayName: displayName.trim() }] as const,
    async ([path, query]) => listSchema.parse(await api.get(path, { query })).Data,
    { keepPreviousData: true },
  );

const reloadNutritionistLists = async (mutate: ReturnType<typeof useSWRConfig>['mutate']) => {
  for (const reload of pagedListReloaders) reload();
  await mutate((key) => Array.isArray(key) && key[0] === ADMIN_NUTRITIONISTS_PATH);
};

export const adminProfileKey = (userId: string) => apiPath('Admin', 'NutritionistProfile', requireId(userId));

export const useAdminNutritionistProfile = (
  userId: string | undefined,
): SWRResponse<AdminNutritionistProfile, unknown> =>
  useSWR(
    userId ? adminProfileKey(userId) : null,
    async (key: string) => adminNutritionistProfileSchema.parse(await api.get(key)),
    { revalidateOnFocus: false },
  );

export const useAdminProfileMutations = () => {
  const { mutate } = useSWRConfig();
  const store = async (profile: AdminNutritionistProfile) => {
    await mutate(adminProfileKey(profile.UserId), profile, { revalidate: false });
    await reloadNutritionistLists(mutate);
    return profile;
  };
  return {
    update: async (userId: string, request: UpdateNutritionistProfileRequest) =>
      store(adminNutritionistProfileSchema.parse(await api.patch(adminProfileKey(userId), request))),
    uploadPhoto: async (
      userId: string,
      file: File,
      options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
    ) => {
      const form = new FormData();
      form.append(CONTENT_IMAGE_FIELD, file, file.name);
      return store(
        adminNutritionistProfileSchema.parse(
          await apiUpload(`${adminProfileKey(userId)}/image`, form, options),
        ),
      );
    },
  };
};

/** Nutritionist accounts (docs/product.md#nutritionist-accounts): create, invite, partner flag, (de)activate. */
export const useNutritionistAccountActions = () => {
  const { mutate } = useSWRConfig();
  const refresh = async (userId?: string) => {
    if (userId) await mutate(adminProfileKey(userId));
    await reloadNutritionistLists(mutate);
  };
  const account = (userId: string, action: string) =>
    apiPath('Admin', 'NutritionistAccounts', requireId(userId), action);
  return {
    create: async (request: CreateNutritionistAccountRequest) => {
      const created = await api.post<{ UserId: string }>('/Admin/NutritionistAccounts', request);
      await refresh();
      return created;
    },
    resendInvitation: async (userId: string) => {
      await api.post(account(userId, 'Invitation'));
    },
    setCalendarPartner: async (userId: string, isPartner: boolean) => {
      await api.put(account(userId, 'CalendarPartner'), { IsCalendarPartner: isPartner });
      await refresh(userId);
    },
    deactivate: async (userId: string) => {
      const result = await api.post<{ ReleasedPatients: number }>(account(userId, 'Deactivate'));
      await refresh(userId);
      return result;
    },
    reactivate: async (userId: string) => {
      await api.post(account(userId, 'Reactivate'));
      await refresh(userId);
    },
  };
};
