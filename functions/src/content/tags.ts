/** Tag catalog operations (BusinessAdmin, /Admin/Tags): content tags and nutritionists' skill tags. */
import {
  autocompleteTagsQuerySchema,
  createTagSchema,
  listTagsQuerySchema,
  updateTagSchema,
} from '@nutri/shared';
import { TAG_NOT_FOUND } from '../http/domain-errors';
import { notFound } from '../http/errors';
import { created, defineOperation, noContent } from '../http/operation';
import { pageCursor } from '../platform/db/cursor';
import { idPath } from '../http/path-id';
import { createTag, deleteTag as deleteTagItem, getTag, listTags, renameTag } from './tags-repo';

const requireTag = async (tagId: number) => {
  const tag = await getTag(tagId);
  if (!tag) throw notFound(TAG_NOT_FOUND);
  return tag;
};

export const listTagsOperation = defineOperation(
  ['BusinessAdmin'],
  { query: listTagsQuerySchema },
  async ({ query }) => {
    const cursor = pageCursor('tags', query.Kind, query.name);
    const page = await listTags(query.Kind, query.name, query.limit, await cursor.decode(query.cursor));
    return { Data: page.tags, Count: page.tags.length, NextCursor: await cursor.encode(page.next) };
  },
);

export const autocompleteTags = defineOperation(
  ['BusinessAdmin'],
  { query: autocompleteTagsQuerySchema },
  async ({ query }) => {
    const { tags } = await listTags(query.Kind, query.q, query.limit);
    return { Data: tags };
  },
);

export const createTagOperation = defineOperation(
  ['BusinessAdmin'],
  { body: createTagSchema },
  async ({ body }) => created(await createTag(body.TagName, body.Kind)),
);

export const updateTag = defineOperation(
  ['BusinessAdmin'],
  { path: idPath, body: updateTagSchema },
  async ({ path, body }) => renameTag(await requireTag(path.id), body.TagName),
);

export const deleteTag = defineOperation(['BusinessAdmin'], { path: idPath }, async ({ path }) => {
  await deleteTagItem(await requireTag(path.id));
  return noContent();
});
