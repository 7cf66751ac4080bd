/** Static content operations (docs/product.md#api, Public and content): public reads and the back office. */
import * as z from 'zod';
import {
  createStaticContentSchema,
  publicStaticContentQuerySchema,
  staticContentAdminQuerySchema,
  staticContentQuerySchema,
  updateStaticContentSchema,
} from '@nutri/shared';
import { created, defineOperation, noContent } from '../http/operation';
import { describeSchema } from '../http/schema-metadata';
import { now } from '../platform/clock';
import {
  addTagToContent,
  countContentForBackOffice,
  createStaticContent,
  deleteStaticContent,
  getVisibleContent,
  getVisibleContentByUrl,
  getVisibleContentTags,
  listContentForBackOffice,
  listPublicContent,
  pickFields,
  removeContentCover,
  removeTagFromContent,
  updateStaticContent,
  uploadContentCover,
} from './content-service';
import { idPath, pathId } from '../http/path-id';

const idAndTagPath = z.object({ id: pathId, tagId: pathId });
const friendlyUrlPath = z.object({ friendlyUrl: z.string().min(1).max(120) });
const contentListQuery = staticContentAdminQuerySchema.omit({ limit: true, cursor: true, orderBy: true });

export const listPublicContentOperation = defineOperation(
  'public',
  { query: publicStaticContentQuerySchema },
  async ({ query }) => {
    const list = await listPublicContent(query);
    return query.fields ? { ...list, Data: list.Data.map((item) => pickFields(item, query.fields)) } : list;
  },
);

export const getContent = defineOperation(
  'public',
  { path: idPath, query: staticContentQuerySchema },
  async ({ path, query, actor }) => pickFields(await getVisibleContent(path.id, actor), query.fields),
);

export const getContentByFriendlyUrl = defineOperation(
  'public',
  { path: friendlyUrlPath, query: staticContentQuerySchema },
  async ({ path, query, actor }) =>
    pickFields(await getVisibleContentByUrl(path.friendlyUrl, actor), query.fields),
);

export const getContentTags = defineOperation('public', { path: idPath }, ({ path, actor }) =>
  getVisibleContentTags(path.id, actor),
);

export const listContent = defineOperation(
  ['BusinessAdmin'],
  { query: staticContentAdminQuerySchema },
  ({ query }) => listContentForBackOffice(query),
);

export const countContent = defineOperation(['BusinessAdmin'], { query: contentListQuery }, ({ query }) =>
  countContentForBackOffice(query),
);

export const getContentMetadata = defineOperation(['BusinessAdmin'], {}, () =>
  Promise.resolve({ Fields: describeSchema(createStaticContentSchema) }),
);

export const createContent = defineOperation(
  ['BusinessAdmin'],
  { body: createStaticContentSchema },
  async ({ body }) => created(await createStaticContent(body, now())),
);

export const updateContent = defineOperation(
  ['BusinessAdmin'],
  { path: idPath, body: updateStaticContentSchema },
  ({ path, body }) => updateStaticContent(path.id, body, now()),
);

export const deleteContent = defineOperation(['BusinessAdmin'], { path: idPath }, async ({ path }) => {
  await deleteStaticContent(path.id);
  return noContent();
});

export const uploadContentImage = defineOperation(['BusinessAdmin'], { path: idPath }, ({ path, event }) =>
  uploadContentCover(path.id, event, now()),
);

export const deleteContentImage = defineOperation(['BusinessAdmin'], { path: idPath }, ({ path }) =>
  removeContentCover(path.id, now()),
);

export const addContentTag = defineOperation(['BusinessAdmin'], { path: idAndTagPath }, ({ path }) =>
  addTagToContent(path.id, path.tagId, now()),
);

export const removeContentTag = defineOperation(['BusinessAdmin'], { path: idAndTagPath }, ({ path }) =>
  removeTagFromContent(path.id, path.tagId),
);
