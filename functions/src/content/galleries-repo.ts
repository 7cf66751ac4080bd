/**
 * Galleries: one partition per gallery, `GALLERY#<id>`, holding the gallery (`GALLERY`: title, image
 * count, next position, version) and its images (`IMAGE#<imageId>`: caption, position, renditions).
 * Access patterns:
 * - get a gallery with its images (Query on its partition);
 * - list galleries newest first (gsi1 `GALLERIES` / `<id>`);
 * - create, rename, add an image, remove an image, reorder, delete: each one transaction, checked against
 *   the gallery's version so concurrent edits fail instead of mixing.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/db/client';
import { queryAll } from '../platform/db/query';
import { transactOrThrow, type TransactItem } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';

/** A string attribute as stored, or empty when absent. */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export interface GalleryRecord {
  GalleryId: number;
  Title: string;
  ImageCount: number;
  /** Position the next added image gets: positions only grow until a reorder renumbers them. */
  NextPosition: number;
  CreatedAt: string;
  UpdatedAt: string;
  version: number;
}

export interface GalleryImageRecord {
  ImageId: string;
  Caption: string;
  /** Key prefix of the renditions in the assets bucket (`<prefix>-<width>.webp`). */
  ImagePath: string;
  Position: number;
}

export interface GalleryDocument {
  gallery: GalleryRecord;
  /** In position order. */
  images: GalleryImageRecord[];
}

const galleryKey = (id: number) => ({ pk: `GALLERY#${id}`, sk: 'GALLERY' });
const imageKey = (id: number, imageId: string) => ({ pk: `GALLERY#${id}`, sk: `IMAGE#${imageId}` });

const galleryItem = (gallery: GalleryRecord) => ({
  ...galleryKey(gallery.GalleryId),
  type: 'Gallery',
  ...gallery,
  gsi1pk: 'GALLERIES',
  gsi1sk: String(gallery.GalleryId).padStart(10, '0'),
});

const toGallery = (item: Record<string, unknown>): GalleryRecord => ({
  GalleryId: Number(item.GalleryId),
  Title: text(item.Title),
  ImageCount: Number(item.ImageCount ?? 0),
  NextPosition: Number(item.NextPosition ?? 0),
  CreatedAt: text(item.CreatedAt),
  UpdatedAt: text(item.UpdatedAt),
  version: Number(item.version ?? 0),
});

const toImage = (item: Record<string, unknown>): GalleryImageRecord => ({
  ImageId: String(item.ImageId),
  Caption: text(item.Caption),
  ImagePath: String(item.ImagePath),
  Position: Number(item.Position ?? 0),
});

/** The gallery item rewritten only if nobody changed it since it was read. */
const putGallery = (next: GalleryRecord, previousVersion: number): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: galleryItem(next),
    ConditionExpression: 'version = :version',
    ExpressionAttributeValues: { ':version': previousVersion },
  },
});

/** Every condition of a gallery's transaction checks that nothing changed since it was read. */
const write = async (items: TransactItem[]) => {
  const changedMeanwhile = new DomainError('conflict');
  await transactOrThrow(
    items.map((item) => ({ item, failure: changedMeanwhile })),
    { contended: changedMeanwhile },
  );
};

// Create a gallery.
export const createGallery = async (gallery: GalleryRecord) => {
  await write([
    {
      Put: {
        TableName: tableName(),
        Item: galleryItem(gallery),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
};

// Get a gallery with its images in position order (Query on its partition).
export const getGalleryDocument = async (galleryId: number): Promise<GalleryDocument | null> => {
  let gallery: GalleryRecord | undefined;
  const images: GalleryImageRecord[] = [];
  for await (const item of queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': galleryKey(galleryId).pk },
    ConsistentRead: true,
  })) {
    if (item.sk === 'GALLERY') gallery = toGallery(item);
    else images.push(toImage(item));
  }
  if (!gallery) return null;
  images.sort((a, b) => a.Position - b.Position || a.ImageId.localeCompare(b.ImageId));
  return { gallery, images };
};

// List galleries newest first (gsi1 `GALLERIES`).
export const listGalleries = async (
  limit: number,
  cursor: Record<string, unknown> | undefined,
): Promise<{ items: GalleryRecord[]; next: Record<string, unknown> | undefined }> => {
  const { Items, LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'GALLERIES' },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  return { items: (Items ?? []).map(toGallery), next: LastEvaluatedKey };
};

// Rename a gallery.
export const saveGallery = async (current: GalleryRecord, next: GalleryRecord) => {
  await write([putGallery(next, current.version)]);
};

// Add an image at the end of a gallery.
export const addGalleryImage = async (
  current: GalleryRecord,
  next: GalleryRecord,
  image: GalleryImageRecord,
) => {
  await write([
    putGallery(next, current.version),
    {
      Put: {
        TableName: tableName(),
        Item: { ...imageKey(current.GalleryId, image.ImageId), type: 'GalleryImage', ...image },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
};

// Remove one image of a gallery.
export const removeGalleryImage = async (current: GalleryRecord, next: GalleryRecord, imageId: string) => {
  await write([
    putGallery(next, current.version),
    {
      Delete: {
        TableName: tableName(),
        Key: imageKey(current.GalleryId, imageId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
  ]);
};

// Give every image of a gallery its new position (at most 99 images: one transaction of 100 items).
export const reorderGalleryImages = async (
  current: GalleryRecord,
  next: GalleryRecord,
  orderedImageIds: readonly string[],
) => {
  await write([
    putGallery(next, current.version),
    ...orderedImageIds.map((imageId, position): TransactItem => ({
      Update: {
        TableName: tableName(),
        Key: imageKey(current.GalleryId, imageId),
        UpdateExpression: 'SET #position = :position',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#position': 'Position' },
        ExpressionAttributeValues: { ':position': position },
      },
    })),
  ]);
};

// Delete a gallery and all its images (at most 99: one transaction).
export const deleteGallery = async (document: GalleryDocument) => {
  await write([
    {
      Delete: {
        TableName: tableName(),
        Key: galleryKey(document.gallery.GalleryId),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': document.gallery.version },
      },
    },
    ...document.images.map((image): TransactItem => ({
      Delete: { TableName: tableName(), Key: imageKey(document.gallery.GalleryId, image.ImageId) },
    })),
  ]);
};
