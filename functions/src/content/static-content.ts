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
import { idPath, numericId } from './params';

const idAndTagPath = z.object({ id: numericId, tagId: numericId });
const friendlyUrlPath = z.object({ friendlyUrl: z.string().min(1).max(120) });
const contentListQuery = staticContentAdminQuerySchema.omit({ limit: true, cursor: true, orderBy: true });

export const listPublicContentOperation = defineOperation(
  { query: publicStaticContentQuerySchema },
  async ({ query }) => {
    const list = await listPublicContent(query);
    return query.fields ? { ...list, Data: list.Data.map((item) => pickFields(item, query.fields)) } : list;
  },
);

export const getContent = defineOperation(
  { path: idPath, query: staticContentQuerySchema },
  async ({ path, query, actor }) => pickFields(await getVisibleContent(path.id, actor), query.fields),
);

export const getContentByFriendlyUrl = defineOperation(
  { path: friendlyUrlPath, query: staticContentQuerySchema },
  async ({ path, query, actor }) =>
    pickFields(await getVisibleContentByUrl(path.friendlyUrl, actor), query.fields),
);

export const getContentTags = defineOperation({ path: idPath }, ({ path, actor }) =>
  getVisibleContentTags(path.id, actor),
);

export const listContent = defineOperation({ query: staticContentAdminQuerySchema }, ({ query }) =>
  listContentForBackOffice(query),
);

export const countContent = defineOperation({ query: contentListQuery }, ({ query }) =>
  countContentForBackOffice(query),
);

export const getContentMetadata = defineOperation({}, () =>
  Promise.resolve({ Fields: describeSchema(createStaticContentSchema) }),
);

export const createContent = defineOperation({ body: createStaticContentSchema }, async ({ body }) =>
  created(await createStaticContent(body, now())),
);

export const updateContent = defineOperation(
  { path: idPath, body: updateStaticContentSchema },
  ({ path, body }) => updateStaticContent(path.id, body, now()),
);

export const deleteContent = defineOperation({ path: idPath }, async ({ path }) => {
  await deleteStaticContent(path.id);
  return noContent();
});

export const uploadContentImage = defineOperation({ path: idPath }, ({ path, event }) =>
  uploadContentCover(path.id, event, now()),
);

export const deleteContentImage = defineOperation({ path: idPath }, ({ path }) =>
  removeContentCover(path.id, now()),
);

export const addContentTag = defineOperation({ path: idAndTagPath }, ({ path }) =>
  addTagToContent(path.id, path.tagId, now()),
);

export const removeContentTag = defineOperation({ path: idAndTagPath }, ({ path }) =>
  removeTagFromContent(path.id, path.tagId),
);
