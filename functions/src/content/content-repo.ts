/**
 * Static content (pages and blog articles). One partition per content, `CONTENT#<id>`:
 * - `CONTENT`: the summary (title, URL, image, publication) that every list reads, kept small;
 * - `BODY`: the HTML text, read only when one content is shown;
 * - `TAG#<tagId>`: a link to a content tag (counted on the tag, see tags-repo.ts `tagUsageChange`).
 * The friendly URL is unique: guard `CONTENTURL#<url>` / `UNIQUE`, moved in the content's transaction.
 * Index keys (set on published items only, so the public indexes are sparse):
 * - gsi1 `CONTENTPUB#<type>` / `<PublishedAt>#<id>` on the summary: published content of one type;
 * - gsi2 `CONTENTPUB` / `<PublishedAt>#<id>` on the summary: all published content;
 * - gsi1 `TAGPUB#<tagId>` / `<PublishedAt>#<id>` on a tag link: published content with that tag;
 * - gsi3 `CONTENTS` / `<lower title>#<id>` on every summary: the back-office list in title order.
 * Access patterns:
 * - get a content with its text and tags (Query on its partition);
 * - get several summaries by id (BatchGet), e.g. the home page grid;
 * - find a content by friendly URL (guard item -> id);
 * - list published content newest first: all, by type, or by tag (gsi2, gsi1 `CONTENTPUB#`, gsi1 `TAGPUB#`);
 * - list or count content for the back office by title prefix, type and state (gsi3);
 * - list the URLs of published articles for the sitemap (gsi1 `CONTENTPUB#Article`);
 * - create, update, delete a content, add and remove a tag, each in one transaction.
 */
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ContentType } from '@nutri/shared';
import { batchGet } from '../platform/db/batch-get';
import { db, tableName } from '../platform/db/client';
import { queryAll, queryPage } from '../platform/db/query';
import { transact, transactOrThrow, type NamedItem } from '../platform/db/transact';
import { now } from '../platform/clock';
import { DomainError } from '../platform/domain-error';
import { outboxPut } from '../platform/outbox';
import { publicPagesTopic } from '../platform/public-pages-topic';
import { tagUsageChange } from './tags-repo';

/** A string attribute as stored, or empty when absent. */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export interface ContentRecord {
  ContentId: number;
  ContentType: ContentType;
  Title: string;
  FriendlyUrl: string;
  MetaDescription: string;
  ImageCaption: string;
  /** Key prefix of the cover renditions in the assets bucket (`<prefix>-<width>.webp`). */
  ImagePath: string | null;
  Published: boolean;
  /** When the content was first published; kept when it is withdrawn, so a re-publication keeps its date. */
  PublishedAt: string | null;
  CreatedAt: string;
  UpdatedAt: string;
  /** Optimistic-concurrency counter: every write checks it. */
  version: number;
}

export interface TagLink {
  TagId: number;
  AddedAt: string;
}

export interface ContentDocument {
  record: ContentRecord;
  text: string;
  /** Linked tags, in the order they were added. */
  tagLinks: TagLink[];
}

const contentKey = (id: number) => ({ pk: `CONTENT#${id}`, sk: 'CONTENT' });
const bodyKey = (id: number) => ({ pk: `CONTENT#${id}`, sk: 'BODY' });
const tagLinkKey = (id: number, tagId: number) => ({ pk: `CONTENT#${id}`, sk: `TAG#${tagId}` });
const urlGuardKey = (url: string) => ({ pk: `CONTENTURL#${url.toLowerCase()}`, sk: 'UNIQUE' });

const pad = (id: number) => String(id).padStart(10, '0');
/** Title order key: lower case, so prefixes match whatever the case typed. */
export const titleKey = (title: string) => title.trim().toLocaleLowerCase('it');
const isPublic = (record: ContentRecord) => record.Published && record.PublishedAt !== null;
const publishedSortKey = (record: ContentRecord) => `${record.PublishedAt}#${pad(record.ContentId)}`;

const summaryItem = (record: ContentRecord) => ({
  ...contentKey(record.ContentId),
  type: 'StaticContent',
  ...record,
  gsi3pk: 'CONTENTS',
  gsi3sk: `${titleKey(record.Title)}#${pad(record.ContentId)}`,
  ...(isPublic(record)
    ? {
        gsi1pk: `CONTENTPUB#${record.ContentType}`,
        gsi1sk: publishedSortKey(record),
        gsi2pk: 'CONTENTPUB',
        gsi2sk: publishedSortKey(record),
      }
    : {}),
});

const tagLinkItem = (record: ContentRecord, tagId: number, addedAt: string) => ({
  ...tagLinkKey(record.ContentId, tagId),
  type: 'ContentTag',
  ContentId: record.ContentId,
  ContentType: record.ContentType,
  TagId: tagId,
  AddedAt: addedAt,
  ...(isPublic(record) ? { gsi1pk: `TAGPUB#${tagId}`, gsi1sk: publishedSortKey(record) } : {}),
});

const toRecord = (item: Record<string, unknown>): ContentRecord => ({
  ContentId: Number(item.ContentId),
  ContentType: item.ContentType === 'Page' ? 'Page' : 'Article',
  Title: text(item.Title),
  FriendlyUrl: text(item.FriendlyUrl),
  MetaDescription: text(item.MetaDescription),
  ImageCaption: text(item.ImageCaption),
  ImagePath: typeof item.ImagePath === 'string' ? item.ImagePath : null,
  Published: item.Published === true,
  PublishedAt: typeof item.PublishedAt === 'string' ? item.PublishedAt : null,
  CreatedAt: text(item.CreatedAt),
  UpdatedAt: text(item.UpdatedAt),
  version: Number(item.version ?? 0),
});

const changedMeanwhile = () => new DomainError('conflict');

/** The friendly-URL guard of a content, put only while the URL is free. */
const claimUrl = (record: ContentRecord): NamedItem<DomainError> => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...urlGuardKey(record.FriendlyUrl), type: 'UniqueGuard', ContentId: record.ContentId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
  failure: new DomainError('content-url-taken'),
});

/**
 * An outbox item asking for the public pages a content shows on to be prerendered again (functions/src/site),
 * when it is public before or after the change: its article page (both URLs when the URL changes, so the
 * old copy goes) and, with it, the fixed pages (home, blog list).
 */
const refreshPublicPages = (...records: ContentRecord[]): NamedItem<DomainError>[] => {
  if (!records.some(isPublic)) return [];
  const paths = records
    .filter((record) => record.ContentType === 'Article')
    .map((record) => `/Blog/${record.FriendlyUrl}`);
  return [{ item: outboxPut(publicPagesTopic.entry({ paths: [...new Set(paths)] }, now())) }];
};

// Create a content (summary, text and friendly-URL guard at once); the URL must be free.
export const createContent = async (record: ContentRecord, text: string) => {
  await transactOrThrow(
    [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: summaryItem(record),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        failure: changedMeanwhile(),
      },
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...bodyKey(record.ContentId), type: 'ContentBody', Text: text },
          },
        },
      },
      claimUrl(record),
      ...refreshPublicPages(record),
    ],
    { contended: changedMeanwhile() },
  );
};

// Get a content with its text and tag links (one Query on its partition).
export const getContentDocument = async (contentId: number): Promise<ContentDocument | null> => {
  const items: Record<string, unknown>[] = [];
  for await (const item of queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': contentKey(contentId).pk },
    ConsistentRead: true,
  })) {
    items.push(item);
  }
  const summary = items.find((item) => item.sk === 'CONTENT');
  if (!summary) return null;
  const body = items.find((item) => item.sk === 'BODY');
  const tagLinks = items
    .filter((item) => String(item.sk).startsWith('TAG#'))
    .map((item) => ({ TagId: Number(item.TagId), AddedAt: text(item.AddedAt) }))
    .sort((a, b) => a.AddedAt.localeCompare(b.AddedAt) || a.TagId - b.TagId);
  return { record: toRecord(summary), text: typeof body?.Text === 'string' ? body.Text : '', tagLinks };
};

// Get the summaries of several contents (BatchGet on the table key); unknown ids are left out.
export const getContentSummaries = async (
  contentIds: readonly number[],
): Promise<Map<number, ContentRecord>> => {
  const found = new Map<number, ContentRecord>();
  for (const item of await batchGet(contentIds.map(contentKey))) {
    const record = toRecord(item);
    found.set(record.ContentId, record);
  }
  return found;
};

// Find the content that owns a friendly URL (guard item); the caller loads it.
export const findContentIdByUrl = async (friendlyUrl: string): Promise<number | null> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: urlGuardKey(friendlyUrl) }));
  return typeof Item?.ContentId === 'number' ? Item.ContentId : null;
};

/**
 * Write a new state of a content: the summary (if nobody changed it since `current` was read), the text
 * when given, the friendly-URL guard when the URL changes, and the tag links' index keys when the
 * publication changes, all in one transaction.
 */
export const saveContent = async (
  current: ContentDocument,
  next: Omit<ContentRecord, 'version'>,
  text?: string,
): Promise<ContentRecord> => {
  const record: ContentRecord = { ...next, version: current.record.version + 1 };
  const before = current.record;
  const urlChanged = before.FriendlyUrl.toLowerCase() !== record.FriendlyUrl.toLowerCase();
  const linksChanged =
    isPublic(before) !== isPublic(record) ||
    before.PublishedAt !== record.PublishedAt ||
    before.ContentType !== record.ContentType;
  const items: NamedItem<DomainError>[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: summaryItem(record),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': before.version },
        },
      },
      failure: changedMeanwhile(),
    },
  ];
  if (urlChanged) {
    items.push(claimUrl(record), {
      item: { Delete: { TableName: tableName(), Key: urlGuardKey(before.FriendlyUrl) } },
    });
  }
  if (text !== undefined) {
    items.push({
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...bodyKey(record.ContentId), type: 'ContentBody', Text: text },
        },
      },
    });
  }
  if (linksChanged) {
    for (const link of current.tagLinks) {
      items.push({
        item: {
          Put: {
            TableName: tableName(),
            Item: tagLinkItem(record, link.TagId, link.AddedAt),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        failure: changedMeanwhile(),
      });
    }
  }
  items.push(...refreshPublicPages(before, record));
  await transactOrThrow(items, { contended: changedMeanwhile() });
  return record;
};

// Delete a content: summary, text, URL guard and tag links (uncounted on the tags), all at once.
export const deleteContent = async (current: ContentDocument) => {
  const { record } = current;
  await transactOrThrow(
    [
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: contentKey(record.ContentId),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': record.version },
          },
        },
        failure: changedMeanwhile(),
      },
      { item: { Delete: { TableName: tableName(), Key: bodyKey(record.ContentId) } } },
      { item: { Delete: { TableName: tableName(), Key: urlGuardKey(record.FriendlyUrl) } } },
      ...current.tagLinks.flatMap(({ TagId }): NamedItem<DomainError>[] => [
        { item: { Delete: { TableName: tableName(), Key: tagLinkKey(record.ContentId, TagId) } } },
        { item: tagUsageChange(TagId, -1, 'Content'), failure: changedMeanwhile() },
      ]),
      ...refreshPublicPages(record),
    ],
    { contended: changedMeanwhile() },
  );
};

/**
 * Link a content tag to a content. The content must be unchanged since it was read (its publication
 * gives the link's index keys) and the tag must exist and be a content tag. The content's version moves
 * on, so a concurrent save that did not see this link fails instead of leaving its index keys stale.
 * Returns false when the link already existed.
 */
export const addContentTag = async (record: ContentRecord, tagId: number, now: string): Promise<boolean> => {
  const failure = await transact<DomainError | 'linked'>(
    [
      {
        item: {
          Update: {
            TableName: tableName(),
            Key: contentKey(record.ContentId),
            UpdateExpression: 'SET version = :next',
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': record.version, ':next': record.version + 1 },
          },
        },
        failure: changedMeanwhile(),
      },
      { item: tagUsageChange(tagId, 1, 'Content'), failure: new DomainError('tag-not-found') },
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: tagLinkItem(record, tagId, now),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        failure: 'linked',
      },
    ],
    { contended: changedMeanwhile() },
  );
  if (failure === 'linked') return false;
  if (failure) throw failure;
  return true;
};

// Unlink a tag from a content; returns false when there was no such link.
export const removeContentTag = async (record: ContentRecord, tagId: number): Promise<boolean> => {
  const failure = await transact<DomainError | 'unlinked'>(
    [
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: tagLinkKey(record.ContentId, tagId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        failure: 'unlinked',
      },
      { item: tagUsageChange(tagId, -1, 'Content') },
    ],
    { contended: changedMeanwhile() },
  );
  if (failure === 'unlinked') return false;
  if (failure) throw failure;
  return true;
};

const PUBLIC_INDEX_KEYS = {
  gsi1: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
  gsi2: ['pk', 'sk', 'gsi2pk', 'gsi2sk'],
  gsi3: ['pk', 'sk', 'gsi3pk', 'gsi3sk'],
} as const;

export interface Page<T> {
  items: T[];
  next: Record<string, unknown> | undefined;
}

// List published content newest first: by tag (gsi1 `TAGPUB#`), by type (gsi1 `CONTENTPUB#`) or all (gsi2).
export const listPublishedContent = async (options: {
  contentType?: ContentType;
  tagId?: number;
  limit: number;
  cursor: Record<string, unknown> | undefined;
}): Promise<Page<ContentRecord>> => {
  const { contentType, tagId, limit, cursor } = options;
  if (tagId !== undefined) {
    const page = await queryPage(
      {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: {
          ':pk': `TAGPUB#${tagId}`,
          ...(contentType ? { ':type': contentType } : {}),
        },
        ...(contentType ? { FilterExpression: 'ContentType = :type' } : {}),
        ScanIndexForward: false,
      },
      { limit, cursor, keyAttributes: PUBLIC_INDEX_KEYS.gsi1 },
    );
    const ids = page.items.map((link) => Number(link.ContentId));
    const summaries = await getContentSummaries(ids);
    // The links and the summaries are written together; a summary read a moment later may be withdrawn.
    const items = ids.flatMap((id) => {
      const record = summaries.get(id);
      return record && isPublic(record) ? [record] : [];
    });
    return { items, next: page.next };
  }
  const [indexName, partition] = contentType
    ? (['gsi1', `CONTENTPUB#${contentType}`] as const)
    : (['gsi2', 'CONTENTPUB'] as const);
  const page = await queryPage(
    {
      IndexName: indexName,
      KeyConditionExpression: `${indexName}pk = :pk`,
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
    },
    { limit, cursor, keyAttributes: PUBLIC_INDEX_KEYS[indexName] },
  );
  return { items: page.items.map(toRecord), next: page.next };
};

export interface AdminContentFilter {
  titlePrefix: string;
  contentType?: ContentType | undefined;
  published?: boolean | undefined;
}

const adminQuery = (filter: AdminContentFilter) => {
  const prefix = titleKey(filter.titlePrefix);
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ':pk': 'CONTENTS' };
  if (prefix) values[':prefix'] = prefix;
  if (filter.contentType) {
    conditions.push('ContentType = :type');
    values[':type'] = filter.contentType;
  }
  if (filter.published !== undefined) {
    conditions.push('Published = :published');
    values[':published'] = filter.published;
  }
  return {
    IndexName: 'gsi3',
    KeyConditionExpression: prefix ? 'gsi3pk = :pk AND begins_with(gsi3sk, :prefix)' : 'gsi3pk = :pk',
    ExpressionAttributeValues: values,
    ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
  } satisfies Omit<QueryCommandInput, 'TableName'>;
};

// List content for the back office in title order (gsi3 `CONTENTS`), by title prefix, type and state.
export const listContentForAdmin = async (
  filter: AdminContentFilter,
  options: { descending: boolean; limit: number; cursor: Record<string, unknown> | undefined },
): Promise<Page<ContentRecord>> => {
  const page = await queryPage(
    { ...adminQuery(filter), ScanIndexForward: !options.descending },
    { limit: options.limit, cursor: options.cursor, keyAttributes: PUBLIC_INDEX_KEYS.gsi3 },
  );
  return { items: page.items.map(toRecord), next: page.next };
};

// Count content for the back office with the same filters (gsi3 `CONTENTS`, Select COUNT page by page).
export const countContentForAdmin = async (filter: AdminContentFilter): Promise<number> => {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        ...adminQuery(filter),
        TableName: tableName(),
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
};

// List the friendly URL and last change of every published article (gsi1 `CONTENTPUB#Article`), for the sitemap.
export const listPublishedArticleUrls = async (): Promise<{ FriendlyUrl: string; UpdatedAt: string }[]> => {
  const urls: { FriendlyUrl: string; UpdatedAt: string }[] = [];
  for await (const item of queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'CONTENTPUB#Article' },
    ScanIndexForward: false,
    ProjectionExpression: 'FriendlyUrl, UpdatedAt',
  })) {
    urls.push({ FriendlyUrl: String(item.FriendlyUrl), UpdatedAt: String(item.UpdatedAt) });
  }
  return urls;
};
