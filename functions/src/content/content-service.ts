/**
 * Rules of static content: who sees what (drafts only for BusinessAdmin), sanitized HTML, publication
 * date, friendly URLs, cover images and tags. Operations (static-content.ts) only parse and call these.
 */
import {
  type ContentType,
  type CreateStaticContentRequest,
  type ListResponse,
  type StaticContent,
  type StaticContentAdminItem,
  type StaticContentSummary,
  type Tag,
  type UpdateStaticContentRequest,
} from '@nutri/shared';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { hasRole, type Actor } from '../http/actor';
import { TAG_NOT_FOUND } from '../http/domain-errors';
import { AppError, notFound } from '../http/errors';
import { config } from '../platform/config';
import { nextId } from '../platform/db/counter';
import { pageCursor } from '../platform/db/cursor';
import { deletePrefix } from '../platform/files';
import { newId } from '../platform/ids';
import {
  addContentTag,
  countContentForAdmin,
  createContent,
  deleteContent,
  findContentIdByUrl,
  getContentDocument,
  getContentSummaries,
  listContentForAdmin,
  listPublishedContent,
  removeContentTag,
  saveContent,
  type AdminContentFilter,
  type ContentDocument,
  type ContentRecord,
} from './content-repo';
import { imageUrls, readImageUpload, storeImageRenditions } from './images';
import { getTag, getTags } from './tags-repo';

/** Tags one content may carry (each link is two items of the content's delete transaction). */
export const CONTENT_MAX_TAGS = 30;

export const CONTENT_NOT_FOUND = 'Contenuto non trovato.';

export const toSummary = (record: ContentRecord): StaticContentSummary => ({
  ContentId: record.ContentId,
  ContentType: record.ContentType,
  Title: record.Title,
  FriendlyUrl: record.FriendlyUrl,
  MetaDescription: record.MetaDescription,
  ImageFilePath: imageUrls(record.ImagePath),
  ImageCaption: record.ImageCaption,
  PublishedAt: record.PublishedAt,
});

const toAdminItem = (record: ContentRecord): StaticContentAdminItem => ({
  ...toSummary(record),
  Published: record.Published,
  UpdatedAt: record.UpdatedAt,
});

const toStaticContent = (document: ContentDocument, tags: Tag[]): StaticContent => ({
  ...toSummary(document.record),
  Text: document.text,
  Published: document.record.Published,
  tags,
  UpdatedAt: document.record.UpdatedAt,
});

const tagsOf = async (document: ContentDocument): Promise<Tag[]> =>
  (await getTags(document.tagLinks.map((link) => link.TagId))).map(({ TagId, TagName }) => ({
    TagId,
    TagName,
  }));

/** Keeps only the requested fields of a response object; an unknown name is a 400 naming it. */
export const pickFields = <T extends object>(value: T, fields: readonly string[] | undefined): Partial<T> => {
  if (!fields) return value;
  // Own properties only: `constructor` or `toString` are no response fields.
  const unknown = fields.filter((field) => !Object.hasOwn(value, field));
  if (unknown.length) {
    throw new AppError('validation_failed', undefined, {
      errors: { fields: unknown.map((field) => `Campo non previsto: ${field}`) },
    });
  }
  return Object.fromEntries(Object.entries(value).filter(([key]) => fields.includes(key))) as Partial<T>;
};

// The sanitizer (sanitize-html, its parser and PostCSS) is loaded by the two writes that need it, not at start.
const sanitize = async (html: string) =>
  (await import('./sanitize')).sanitizeContentHtml(html, config().ASSETS_BASE_URL);

/** A content whatever its state (back office); 404 when there is none. */
const requireContent = async (contentId: number): Promise<ContentDocument> => {
  const document = await getContentDocument(contentId);
  if (!document) throw notFound(CONTENT_NOT_FOUND);
  return document;
};

/** A content as the caller may see it: drafts exist only for BusinessAdmin, for anyone else they are 404. */
const requireVisibleContent = async (contentId: number, actor: Actor | null): Promise<ContentDocument> => {
  const document = await getContentDocument(contentId);
  if (!document || (!document.record.Published && !hasRole(actor, 'BusinessAdmin'))) {
    throw notFound(CONTENT_NOT_FOUND);
  }
  return document;
};

export const getVisibleContent = async (contentId: number, actor: Actor | null) => {
  const document = await requireVisibleContent(contentId, actor);
  return toStaticContent(document, await tagsOf(document));
};

export const getVisibleContentByUrl = async (friendlyUrl: string, actor: Actor | null) => {
  const contentId = await findContentIdByUrl(friendlyUrl);
  if (contentId === null) throw notFound(CONTENT_NOT_FOUND);
  return getVisibleContent(contentId, actor);
};

export const getVisibleContentTags = async (contentId: number, actor: Actor | null) => ({
  Data: await tagsOf(await requireVisibleContent(contentId, actor)),
});

/** Published content, newest first (by type or tag), or the published ones among `ids` in that order. */
export const listPublicContent = async (query: {
  limit: number;
  cursor?: string | undefined;
  ContentType?: ContentType | undefined;
  tag?: number | undefined;
  ids?: number[] | undefined;
}): Promise<ListResponse<StaticContentSummary>> => {
  if (query.ids) {
    if (query.cursor || query.tag !== undefined) {
      throw new AppError('bad_request', 'Il parametro ids non si combina con tag o cursor.');
    }
    const found = await getContentSummaries(query.ids);
    const items = query.ids.flatMap((id) => {
      const record = found.get(id);
      const wanted = record?.Published && (!query.ContentType || record.ContentType === query.ContentType);
      return record && wanted ? [toSummary(record)] : [];
    });
    return { Data: items, Count: items.length, NextCursor: null };
  }
  const cursor = pageCursor('published-content', query.ContentType, query.tag);
  const page = await listPublishedContent({
    contentType: query.ContentType,
    tagId: query.tag,
    limit: query.limit,
    cursor: await cursor.decode(query.cursor),
  });
  return {
    Data: page.items.map(toSummary),
    Count: page.items.length,
    NextCursor: await cursor.encode(page.next),
  };
};

export const listContentForBackOffice = async (query: {
  limit: number;
  cursor?: string | undefined;
  orderBy: 'Title' | 'Title desc';
  Title: string;
  ContentType?: ContentType | undefined;
  Published?: boolean | undefined;
}): Promise<ListResponse<StaticContentAdminItem>> => {
  const { cursor: token, limit, ...filters } = query;
  const cursor = pageCursor('back-office-content', filters);
  const page = await listContentForAdmin(adminFilter(query), {
    descending: query.orderBy === 'Title desc',
    limit,
    cursor: await cursor.decode(token),
  });
  return {
    Data: page.items.map(toAdminItem),
    Count: page.items.length,
    NextCursor: await cursor.encode(page.next),
  };
};

const adminFilter = (query: {
  Title: string;
  ContentType?: ContentType | undefined;
  Published?: boolean | undefined;
}): AdminContentFilter => ({
  titlePrefix: query.Title,
  contentType: query.ContentType,
  published: query.Published,
});

export const countContentForBackOffice = async (query: Parameters<typeof adminFilter>[0]) => ({
  Count: await countContentForAdmin(adminFilter(query)),
});

/** The publication date is set the first time a content is published and kept afterwards. */
const publicationOf = (published: boolean, publishedAt: string | null, now: Date) => ({
  Published: published,
  PublishedAt: published && !publishedAt ? now.toISOString() : publishedAt,
});

export const createStaticContent = async (request: CreateStaticContentRequest, now: Date) => {
  const contentId = await nextId('content');
  const record: ContentRecord = {
    ContentId: contentId,
    ContentType: request.ContentType,
    Title: request.Title,
    FriendlyUrl: request.FriendlyUrl,
    MetaDescription: request.MetaDescription,
    ImageCaption: request.ImageCaption,
    ImagePath: null,
    ...publicationOf(request.Published, null, now),
    CreatedAt: now.toISOString(),
    UpdatedAt: now.toISOString(),
    version: 1,
  };
  const text = await sanitize(request.Text);
  await createContent(record, text);
  return toStaticContent({ record, text, tagLinks: [] }, []);
};

export const updateStaticContent = async (
  contentId: number,
  changes: UpdateStaticContentRequest,
  now: Date,
) => {
  const document = await requireContent(contentId);
  const current = document.record;
  const newText = changes.Text === undefined ? undefined : await sanitize(changes.Text);
  const record = await saveContent(
    document,
    {
      ...current,
      ContentType: changes.ContentType ?? current.ContentType,
      Title: changes.Title ?? current.Title,
      FriendlyUrl: changes.FriendlyUrl ?? current.FriendlyUrl,
      MetaDescription: changes.MetaDescription ?? current.MetaDescription,
      ImageCaption: changes.ImageCaption ?? current.ImageCaption,
      ...publicationOf(changes.Published ?? current.Published, current.PublishedAt, now),
      UpdatedAt: now.toISOString(),
    },
    newText,
  );
  return toStaticContent({ ...document, record, text: newText ?? document.text }, await tagsOf(document));
};

const contentImageFolder = (contentId: number) => `content/${contentId}/`;

export const deleteStaticContent = async (contentId: number) => {
  const document = await requireContent(contentId);
  await deleteContent(document);
  // After the commit: a failed delete leaves unreferenced files, never a content without its image.
  await deletePrefix(config().ASSETS_BUCKET, contentImageFolder(contentId));
};

/** Replaces the cover image: new renditions first, then the content points at them, then old ones go. */
export const uploadContentCover = async (contentId: number, event: APIGatewayProxyEvent, now: Date) => {
  const document = await requireContent(contentId);
  const { file } = await readImageUpload(event);
  const prefix = `${contentImageFolder(contentId)}cover-${newId()}`;
  await storeImageRenditions(prefix, file);
  let record: ContentRecord;
  try {
    record = await saveContent(document, {
      ...document.record,
      ImagePath: prefix,
      UpdatedAt: now.toISOString(),
    });
  } catch (error) {
    await deletePrefix(config().ASSETS_BUCKET, prefix);
    throw error;
  }
  if (document.record.ImagePath) await deletePrefix(config().ASSETS_BUCKET, document.record.ImagePath);
  return toStaticContent({ ...document, record }, await tagsOf(document));
};

export const removeContentCover = async (contentId: number, now: Date) => {
  const document = await requireContent(contentId);
  const previous = document.record.ImagePath;
  if (!previous) return toStaticContent(document, await tagsOf(document));
  const record = await saveContent(document, {
    ...document.record,
    ImagePath: null,
    UpdatedAt: now.toISOString(),
  });
  await deletePrefix(config().ASSETS_BUCKET, previous);
  return toStaticContent({ ...document, record }, await tagsOf(document));
};

export const addTagToContent = async (contentId: number, tagId: number, now: Date) => {
  const document = await requireContent(contentId);
  const tag = await getTag(tagId);
  if (!tag) throw notFound(TAG_NOT_FOUND);
  if (tag.Kind !== 'Content') {
    throw new AppError('bad_request', 'A un contenuto si possono associare solo i tag dei contenuti.');
  }
  if (!document.tagLinks.some((link) => link.TagId === tagId)) {
    if (document.tagLinks.length >= CONTENT_MAX_TAGS) {
      throw new AppError('unprocessable', `Un contenuto può avere al massimo ${CONTENT_MAX_TAGS} tag.`);
    }
    await addContentTag(document.record, tagId, now.toISOString());
  }
  return { Data: await tagsOf(await requireContent(contentId)) };
};

export const removeTagFromContent = async (contentId: number, tagId: number) => {
  const document = await requireContent(contentId);
  if (!(await getTag(tagId))) throw notFound(TAG_NOT_FOUND);
  if (document.tagLinks.some((link) => link.TagId === tagId)) await removeContentTag(document.record, tagId);
  return { Data: await tagsOf(await requireContent(contentId)) };
};
