/**
 * Local demo data of the `content` area (never deployed): the About page (ContentId 1), nine published
 * blog articles (ContentIds 2-10) with generated covers, and the content tags. Idempotent: deterministic
 * content ids and conditional writes, tags found by name before being created, nothing an admin changed
 * afterwards overwritten; covers are rendered only while a seeded content has none, so later runs are quick.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContentRecord } from '@nutri/functions/content/content-repo';
import {
  addContentTag,
  createContent,
  getContentDocument,
  saveContent,
} from '@nutri/functions/content/content-repo';
import { storeImageRenditions } from '@nutri/functions/content/images';
import { sanitizeContentHtml } from '@nutri/functions/content/sanitize';
import { createTag, findTagByName } from '@nutri/functions/content/tags-repo';
import { AppError } from '@nutri/functions/http/errors';
import { config } from '@nutri/functions/platform/config';
import { db, tableName } from '@nutri/functions/platform/db/client';
import { CONTENT_TAG_NAMES, SEED_ARTICLES, type SeedArticle } from './seed-content-articles';
import { renderCover } from './seed-content-covers';

/** The content tag of each name, created when missing (a concurrent creator's tag is reused). */
const ensureContentTags = async (): Promise<Map<string, number>> => {
  const ids = new Map<string, number>();
  for (const name of CONTENT_TAG_NAMES) {
    let tag = await findTagByName('Content', name);
    if (!tag) {
      try {
        tag = await createTag(name, 'Content');
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'conflict')) throw error;
        tag = await findTagByName('Content', name);
      }
    }
    if (tag) ids.set(name, tag.TagId);
  }
  return ids;
};

/** Moves a sequence past the seeded ids, so content created in the app never collides with them. */
const raiseCounter = async (sequence: string, atLeast: number) => {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `COUNTER#${sequence}`, sk: 'COUNTER' },
        UpdateExpression: 'SET #value = :value',
        ConditionExpression: 'attribute_not_exists(#value) OR #value < :value',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':value': atLeast },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

/** Creates one content with its tags when it does not exist yet; true when it was created now. */
const ensureContent = async (article: SeedArticle, tagIds: Map<string, number>): Promise<boolean> => {
  if (await getContentDocument(article.id)) return false;
  let record: ContentRecord = {
    ContentId: article.id,
    ContentType: article.type,
    Title: article.title,
    FriendlyUrl: article.url,
    MetaDescription: article.meta,
    ImageCaption: article.caption,
    ImagePath: null,
    Published: true,
    PublishedAt: article.publishedAt,
    CreatedAt: article.publishedAt,
    UpdatedAt: article.publishedAt,
    version: 1,
  };
  try {
    await createContent(record, sanitizeContentHtml(article.html.trim(), config().ASSETS_BASE_URL));
  } catch (error) {
    // Another run got there first, or an admin already uses the friendly URL: leave theirs alone.
    if (error instanceof AppError && error.code === 'conflict') return false;
    throw error;
  }
  for (const [index, name] of article.tags.entries()) {
    const tagId = tagIds.get(name);
    if (tagId === undefined) continue;
    await addContentTag(record, tagId, `${article.publishedAt}#${index}`);
    // Linking a tag moves the content's version on.
    record = { ...record, version: record.version + 1 };
  }
  return true;
};

/**
 * Renders and stores the cover of a seeded content that has none yet and that nobody edited since the
 * seed wrote it (an admin who removed a cover keeps it removed).
 */
const ensureCover = async (article: SeedArticle) => {
  const document = await getContentDocument(article.id);
  if (!document || document.record.ImagePath || document.record.UpdatedAt !== article.publishedAt) return;
  // A fixed prefix: a run interrupted after the upload simply overwrites the same files next time.
  const prefix = `content/${article.id}/cover-seed`;
  await storeImageRenditions(prefix, await renderCover(article.id));
  await saveContent(document, { ...document.record, ImagePath: prefix });
};

export const seedContent = async () => {
  const tagIds = await ensureContentTags();
  const created = await Promise.all(SEED_ARTICLES.map((article) => ensureContent(article, tagIds)));
  await Promise.all(SEED_ARTICLES.map(ensureCover));
  await raiseCounter('content', Math.max(...SEED_ARTICLES.map((article) => article.id)));
  return { created: created.filter(Boolean).length };
};
