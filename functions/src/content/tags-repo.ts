/**
 * Tags: content tags (blog) and skill tags (nutritionists' specialization areas) in one catalog.
 * Item `TAG#<tagId>` / `TAG`; the name is unique per kind (guard `TAGNAME#<kind>#<lower name>` / `UNIQUE`).
 * `UsageCount` on the tag item counts the links to it (content tags, nutritionists' skills): every link
 * is written in a transaction with `tagUsageChange`, so a tag in use can never be deleted, and a link can
 * never point at a deleted tag.
 * Access patterns:
 * - get a tag by id (table key); get tags by id (BatchGet on the table key);
 * - find a tag by kind and name (guard item);
 * - list tags of a kind in name order, optionally by name prefix (gsi1: `TAGS#<kind>` / `<lower name>#<id>`);
 * - create, rename (moving the name guard) and delete (only when unused) a tag, each in one transaction.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TagDetail, TagKind } from '@nutri/shared';
import { batchGet } from '../platform/db/batch-get';
import { db, tableName } from '../platform/db/client';
import { nextId } from '../platform/db/counter';
import { transactOrThrow, type TransactItem } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';

export const tagKey = (tagId: number) => ({ pk: `TAG#${tagId}`, sk: 'TAG' });
const nameGuardKey = (kind: TagKind, name: string) => ({
  pk: `TAGNAME#${kind}#${name.trim().toLowerCase()}`,
  sk: 'UNIQUE',
});
const listKeys = (kind: TagKind, name: string, tagId: number) => ({
  gsi1pk: `TAGS#${kind}`,
  gsi1sk: `${name.trim().toLowerCase()}#${tagId}`,
});

const toTag = (item: Record<string, unknown>): TagDetail => ({
  TagId: Number(item.TagId),
  TagName: String(item.TagName),
  Kind: item.Kind === 'Skill' ? 'Skill' : 'Content',
});

const nameTaken = () => new DomainError('tag-name-taken');

// Create a tag with a unique name within its kind.
export const createTag = async (name: string, kind: TagKind): Promise<TagDetail> => {
  const tag: TagDetail = { TagId: await nextId('tag'), TagName: name.trim(), Kind: kind };
  await transactOrThrow(
    [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...nameGuardKey(kind, tag.TagName), type: 'UniqueGuard', TagId: tag.TagId },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        failure: nameTaken(),
      },
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...tagKey(tag.TagId),
              type: 'Tag',
              ...tag,
              UsageCount: 0,
              ...listKeys(kind, tag.TagName, tag.TagId),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        failure: new DomainError('conflict'),
      },
    ],
    // Two creations of one name at the same moment: one of them takes it.
    { contended: nameTaken() },
  );
  return tag;
};

// Get a tag by id (table key).
export const getTag = async (tagId: number): Promise<(TagDetail & { UsageCount: number }) | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: tagKey(tagId), ConsistentRead: true }),
  );
  return Item ? { ...toTag(Item), UsageCount: Number(Item.UsageCount ?? 0) } : null;
};

// Find a tag of a kind by name, case-insensitively (name guard, then the tag).
export const findTagByName = async (kind: TagKind, name: string): Promise<TagDetail | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: nameGuardKey(kind, name), ConsistentRead: true }),
  );
  return typeof Item?.TagId === 'number' ? getTag(Item.TagId) : null;
};

// Get tags by id, in the order asked; unknown ids are left out.
export const getTags = async (tagIds: readonly number[]): Promise<TagDetail[]> => {
  const found = new Map<number, TagDetail>();
  for (const item of await batchGet(tagIds.map(tagKey))) found.set(Number(item.TagId), toTag(item));
  return tagIds.flatMap((id) => {
    const tag = found.get(id);
    return tag ? [tag] : [];
  });
};

// List the tags of a kind in name order, optionally those whose name starts with a text.
export const listTags = async (
  kind: TagKind,
  namePrefix = '',
  limit = 100,
  cursor?: Record<string, unknown>,
): Promise<{ tags: TagDetail[]; next: Record<string, unknown> | undefined }> => {
  const prefix = namePrefix.trim().toLowerCase();
  const { Items, LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `TAGS#${kind}`, ...(prefix ? { ':prefix': prefix } : {}) },
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  return { tags: (Items ?? []).map(toTag), next: LastEvaluatedKey };
};

// Rename a tag: the new name's guard must be free (or be this tag's, for a change of case only).
export const renameTag = async (tag: TagDetail, newName: string): Promise<TagDetail> => {
  const renamed: TagDetail = { TagId: tag.TagId, TagName: newName.trim(), Kind: tag.Kind };
  const sameGuard = tag.TagName.trim().toLowerCase() === renamed.TagName.toLowerCase();
  const keys = listKeys(tag.Kind, renamed.TagName, tag.TagId);
  await transactOrThrow(
    [
      {
        item: {
          Update: {
            TableName: tableName(),
            Key: tagKey(tag.TagId),
            UpdateExpression: 'SET TagName = :name, gsi1sk = :sk',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':name': renamed.TagName, ':sk': keys.gsi1sk },
          },
        },
        failure: new DomainError('not-found'),
      },
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...nameGuardKey(tag.Kind, renamed.TagName), type: 'UniqueGuard', TagId: tag.TagId },
            ConditionExpression: 'attribute_not_exists(pk) OR TagId = :id',
            ExpressionAttributeValues: { ':id': tag.TagId },
          },
        },
        failure: nameTaken(),
      },
      ...(sameGuard
        ? []
        : [{ item: { Delete: { TableName: tableName(), Key: nameGuardKey(tag.Kind, tag.TagName) } } }]),
    ],
    { contended: nameTaken() },
  );
  return renamed;
};

// Delete a tag and its name guard, only while nothing links to it.
export const deleteTag = async (tag: TagDetail) => {
  const inUse = new DomainError('tag-in-use');
  await transactOrThrow(
    [
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: tagKey(tag.TagId),
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(UsageCount) OR UsageCount <= :zero)',
            ExpressionAttributeValues: { ':zero': 0 },
          },
        },
        failure: inUse,
      },
      { item: { Delete: { TableName: tableName(), Key: nameGuardKey(tag.Kind, tag.TagName) } } },
    ],
    // A link being added at the same moment.
    { contended: inUse },
  );
};

/**
 * The transaction item that counts a link to a tag (+1) or its removal (-1). Adding requires the tag to
 * exist and to be of the given kind, so a link never points at a missing tag or a tag of the other kind;
 * the caller's transaction fails (ConditionalCheckFailed on this item) otherwise.
 */
export const tagUsageChange = (tagId: number, delta: 1 | -1, kind: TagKind): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: tagKey(tagId),
    UpdateExpression: 'ADD UsageCount :delta',
    ...(delta > 0
      ? {
          ConditionExpression: 'attribute_exists(pk) AND Kind = :kind',
          ExpressionAttributeValues: { ':delta': delta, ':kind': kind },
        }
      : {
          // A removal must not resurrect a deleted tag as an item holding only a counter.
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':delta': delta },
        }),
  },
});
