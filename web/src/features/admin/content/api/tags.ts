/**
 * Tags (BusinessAdmin): the catalog by kind (GET/POST Tags, PATCH/DELETE Tags/{id}), autocomplete
 * (GET Tags/autocomplete) and the tags of one content (GET StaticContent/{id}/tags, POST/DELETE
 * StaticContent/{id}/tags/{tagId}). Every helper that works on an item refuses to run without its id.
 */
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import {
  contentTagsResponseSchema,
  listResponseSchema,
  tagDetailSchema,
  type Tag,
  type TagDetail,
  type TagKind,
} from '@nutri/shared';
import { z } from 'zod';
import { api, apiPath } from '../../../../api/client';
import { requireId } from './require-id';

export const TAGS_PATH = '/Tags';
const tagListSchema = listResponseSchema(tagDetailSchema);
const suggestionsSchema = z.object({ Data: z.array(tagDetailSchema) });

export const tagsKey = (kind: TagKind) => [TAGS_PATH, { Kind: kind, limit: 100 }] as const;

export const listTags = async ([path, query]: ReturnType<typeof tagsKey>) =>
  tagListSchema.parse(await api.get(path, { query })).Data;

export const useTags = (kind: TagKind): SWRResponse<TagDetail[], unknown> => useSWR(tagsKey(kind), listTags);

export const autocompleteTags = async (q: string, kind: TagKind): Promise<TagDetail[]> =>
  suggestionsSchema.parse(await api.get(`${TAGS_PATH}/autocomplete`, { query: { q, Kind: kind, limit: 10 } }))
    .Data;

const useRevalidateTags = () => {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && key[0] === TAGS_PATH);
};

export const useTagMutations = () => {
  const revalidate = useRevalidateTags();
  return {
    create: async (TagName: string, Kind: TagKind): Promise<TagDetail> => {
      const tag = tagDetailSchema.parse(await api.post(TAGS_PATH, { TagName, Kind }));
      await revalidate();
      return tag;
    },
    rename: async (tagId: number, TagName: string): Promise<TagDetail> => {
      const tag = tagDetailSchema.parse(await api.patch(apiPath('Tags', requireId(tagId)), { TagName }));
      await revalidate();
      return tag;
    },
    remove: async (tagId: number): Promise<void> => {
      await api.delete(apiPath('Tags', requireId(tagId)));
      await revalidate();
    },
  };
};

/** GET StaticContent/{id}/tags. */
export const getContentTags = async (contentId: number | null | undefined): Promise<Tag[]> =>
  contentTagsResponseSchema.parse(await api.get(`${apiPath('StaticContent', requireId(contentId))}/tags`))
    .Data;

/** POST StaticContent/{id}/tags/{tagId}: answers with the content's tags. */
export const addContentTag = async (
  contentId: number | null | undefined,
  tagId: number | null | undefined,
): Promise<Tag[]> =>
  contentTagsResponseSchema.parse(
    await api.post(`${apiPath('StaticContent', requireId(contentId), 'tags', requireId(tagId))}`),
  ).Data;

/** DELETE StaticContent/{id}/tags/{tagId}: answers with the content's tags. */
export const removeContentTag = async (
  contentId: number | null | undefined,
  tagId: number | null | undefined,
): Promise<Tag[]> =>
  contentTagsResponseSchema.parse(
    await api.delete(`${apiPath('StaticContent', requireId(contentId), 'tags', requireId(tagId))}`),
  ).Data;
