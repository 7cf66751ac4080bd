/**
 * Static content in the back office (BusinessAdmin): the list with filters (GET StaticContent and
 * StaticContent/count), one item (GET StaticContent/{id}: drafts too), create, update, delete, and the
 * cover image (POST/DELETE StaticContent/{id}/image, multipart field `File`).
 */
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import {
  CONTENT_IMAGE_FIELD,
  listResponseSchema,
  staticContentAdminItemSchema,
  staticContentSchema,
  type ContentType,
  type CreateStaticContentRequest,
  type ListResponse,
  type StaticContent,
  type StaticContentAdminItem,
  type UpdateStaticContentRequest,
} from '@nutri/shared';
import { api, apiPath, apiUpload } from '../../../../api/client';
import { requireId } from './require-id';

export const ADMIN_CONTENT_PATH = '/StaticContent';
export const ADMIN_CONTENT_PAGE_SIZE = 20;

export interface AdminContentFilters {
  Title: string;
  ContentType: ContentType | '';
  Published: '' | 'true' | 'false';
}

const listSchema = listResponseSchema(staticContentAdminItemSchema);

const filterQuery = (filters: AdminContentFilters) => ({
  Title: filters.Title.trim() || undefined,
  ContentType: filters.ContentType || undefined,
  Published: filters.Published || undefined,
});

export const adminContentListKey = (filters: AdminContentFilters, cursor: string | null) =>
  [
    ADMIN_CONTENT_PATH,
    {
      ...filterQuery(filters),
      limit: ADMIN_CONTENT_PAGE_SIZE,
      cursor: cursor ?? undefined,
      orderBy: 'Title',
    },
  ] as const;

export const useAdminContentList = (
  filters: AdminContentFilters,
  cursor: string | null,
): SWRResponse<ListResponse<StaticContentAdminItem>, unknown> =>
  useSWR(adminContentListKey(filters, cursor), async ([path, query]) =>
    listSchema.parse(await api.get(path, { query })),
  );

export const useAdminContentCount = (filters: AdminContentFilters): SWRResponse<number, unknown> =>
  useSWR(
    [`${ADMIN_CONTENT_PATH}/count`, filterQuery(filters)] as const,
    async ([path, query]) => (await api.get<{ Count: number }>(path, { query })).Count,
  );

export const adminContentKey = (contentId: number) => apiPath('StaticContent', requireId(contentId));

export const getAdminContent = async (key: string): Promise<StaticContent> =>
  staticContentSchema.parse(await api.get(key));

export const useAdminContent = (contentId: number | null): SWRResponse<StaticContent, unknown> =>
  useSWR(contentId ? adminContentKey(contentId) : null, getAdminContent, { revalidateOnFocus: false });

/** Mutations revalidate the lists (any filter) and put the answer in the item's cache. */
const useRevalidateContent = () => {
  const { mutate } = useSWRConfig();
  return async (content?: StaticContent) => {
    if (content) await mutate(adminContentKey(content.ContentId), content, { revalidate: false });
    await mutate(
      (key) =>
        (Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(ADMIN_CONTENT_PATH)) ||
        (Array.isArray(key) && key[0] === '/PublicStaticContent'),
    );
  };
};

export const useSaveContent = () => {
  const revalidate = useRevalidateContent();
  return {
    create: async (request: CreateStaticContentRequest) => {
      const content = staticContentSchema.parse(await api.post(ADMIN_CONTENT_PATH, request));
      await revalidate(content);
      return content;
    },
    update: async (contentId: number, request: UpdateStaticContentRequest) => {
      const content = staticContentSchema.parse(
        await api.patch(apiPath('StaticContent', requireId(contentId)), request),
      );
      await revalidate(content);
      return content;
    },
    remove: async (contentId: number) => {
      await api.delete(apiPath('StaticContent', requireId(contentId)));
      await revalidate();
    },
    uploadImage: async (
      contentId: number,
      file: File,
      options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
    ) => {
      const form = new FormData();
      form.append(CONTENT_IMAGE_FIELD, file, file.name);
      const content = staticContentSchema.parse(
        await apiUpload(`${apiPath('StaticContent', requireId(contentId))}/image`, form, options),
      );
      await revalidate(content);
      return content;
    },
    removeImage: async (contentId: number) => {
      const content = staticContentSchema.parse(
        await api.delete(`${apiPath('StaticContent', requireId(contentId))}/image`),
      );
      await revalidate(content);
      return content;
    },
  };
};
