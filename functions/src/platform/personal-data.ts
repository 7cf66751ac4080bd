/**
 * What each area hands to the privacy centre's export (docs/product.md#privacy-centre): the items it holds
 * about one user, read from that user's own partitions and index partitions (never a Scan), and the private
 * files that belong to them. Each area builds its part in its own module and lists it on its index; the
 * helpers below only run the Queries an area names with its own keys.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './db/client';
import { queryAll } from './db/query';

export interface PersonalFile {
  /** Object key in the private files bucket. */
  key: string;
  /** Path of the file inside the export zip. */
  name: string;
}

export interface PersonalData {
  /** The area's part of the export, e.g. `bookings` (the file `bookings.json` of the zip). */
  section: string;
  items: Record<string, unknown>[];
  files?: PersonalFile[];
}

// Attributes that are credentials, never personal data to hand back (a hash of the password is a secret).
const SECRET_ATTRIBUTE = /hash|secret|token/i;
// Index keys are storage detail: the item's own fields already say everything they encode.
const STORAGE_ATTRIBUTE = /^(gsi\d(pk|sk))$/;

/** An item as the export shows it: no credential, no index key. */
export const exportable = (item: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(item)
      .filter(([name]) => !SECRET_ATTRIBUTE.test(name) && !STORAGE_ATTRIBUTE.test(name))
      .map(([name, value]) => [name, value instanceof Set ? [...(value as Set<unknown>)] : value]),
  );

/** Every item of a partition whose sort key starts with `prefix` (all of it when the prefix is empty). */
export const partitionItems = async (pk: string, prefix = '') => {
  const items: Record<string, unknown>[] = [];
  for await (const item of queryAll({
    KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':prefix': prefix } : {}) },
  }))
    items.push(item);
  return items;
};

/** Every item of an index partition (`gsi1`, `gsi2`, `gsi3`), optionally only sort keys with `prefix`. */
export const indexItems = async (index: 'gsi1' | 'gsi2' | 'gsi3', pk: string, prefix = '') => {
  const items: Record<string, unknown>[] = [];
  for await (const item of queryAll({
    IndexName: index,
    KeyConditionExpression: prefix
      ? `${index}pk = :pk AND begins_with(${index}sk, :prefix)`
      : `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':prefix': prefix } : {}) },
  }))
    items.push(item);
  return items;
};

/** One item by key, or nothing. */
export const itemByKey = async (pk: string, sk: string): Promise<Record<string, unknown>[]> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk, sk } }));
  return Item ? [Item] : [];
};

/** Deletes the items read above (by their keys): an erasure's removal of what an area holds. */
export const deleteItems = async (items: readonly Record<string, unknown>[]) => {
  const { deleteAll } = await import('./db/batch-write');
  await deleteAll(items.map((item) => ({ pk: item.pk, sk: item.sk })));
  return items.length;
};
