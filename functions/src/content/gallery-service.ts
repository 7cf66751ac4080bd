/**
 * Rules of galleries (BusinessAdmin, /Admin/Content Galleries): images are uploaded like covers
 * (renditions 400/800/1200), appended at the end, reordered by sending the full list of ids.
 */
import {
  GALLERY_MAX_IMAGES,
  galleryImageFieldsSchema,
  type Gallery,
  type GallerySummary,
} from '@nutri/shared';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { AppError, notFound } from '../http/errors';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { nextId } from '../platform/db/counter';
import { pageCursor } from '../platform/db/cursor';
import { deletePrefix } from '../platform/files';
import { newId } from '../platform/ids';
import {
  addGalleryImage as addImageItem,
  createGallery as createGalleryItem,
  deleteGallery as deleteGalleryItems,
  getGalleryDocument,
  listGalleries as listGalleryItems,
  removeGalleryImage as removeImageItem,
  reorderGalleryImages,
  saveGallery,
  type GalleryDocument,
  type GalleryRecord,
} from './galleries-repo';
import { imageUrls, readImageUpload, storeImageRenditions } from './images';

export const GALLERY_NOT_FOUND = 'Galleria non trovata.';
export const IMAGE_NOT_FOUND = 'Immagine non trovata nella galleria.';
export const REORDER_MISMATCH =
  'L’elenco deve contenere esattamente le immagini della galleria, ciascuna una volta.';

const toSummary = (gallery: GalleryRecord): GallerySummary => ({
  GalleryId: gallery.GalleryId,
  Title: gallery.Title,
  UpdatedAt: gallery.UpdatedAt,
  ImageCount: gallery.ImageCount,
});

const toGallery = ({ gallery, images }: GalleryDocument): Gallery => ({
  GalleryId: gallery.GalleryId,
  Title: gallery.Title,
  UpdatedAt: gallery.UpdatedAt,
  Images: images.map((image) => ({
    ImageId: image.ImageId,
    Caption: image.Caption,
    ImageFilePath: imageUrls(image.ImagePath)!,
    Position: image.Position,
  })),
});

const galleryFolder = (galleryId: number) => `galleries/${galleryId}/`;

const requireGallery = async (galleryId: number) => {
  const document = await getGalleryDocument(galleryId);
  if (!document) throw notFound(GALLERY_NOT_FOUND);
  return document;
};

/** The next state of a gallery after a change made now. */
const touched = (gallery: GalleryRecord, changes: Partial<GalleryRecord> = {}): GalleryRecord => ({
  ...gallery,
  ...changes,
  UpdatedAt: now().toISOString(),
  version: gallery.version + 1,
});

/**
 * Whether `imageIds` names every image of the gallery exactly once: a reorder must not drop, repeat or
 * invent images.
 */
export const isExactReorder = (imageIds: readonly string[], galleryImageIds: readonly string[]) =>
  imageIds.length === galleryImageIds.length &&
  new Set(imageIds).size === imageIds.length &&
  imageIds.every((id) => galleryImageIds.includes(id));

export const listGalleryPage = async (query: { limit: number; cursor?: string | undefined }) => {
  const cursor = pageCursor('galleries');
  const page = await listGalleryItems(query.limit, await cursor.decode(query.cursor));
  return {
    Data: page.items.map(toSummary),
    Count: page.items.length,
    NextCursor: await cursor.encode(page.next),
  };
};

export const createNewGallery = async (title: string) => {
  const at = now().toISOString();
  const gallery: GalleryRecord = {
    GalleryId: await nextId('gallery'),
    Title: title,
    ImageCount: 0,
    NextPosition: 0,
    CreatedAt: at,
    UpdatedAt: at,
    version: 1,
  };
  await createGalleryItem(gallery);
  return toGallery({ gallery, images: [] });
};

export const getGalleryView = async (galleryId: number) => toGallery(await requireGallery(galleryId));

export const renameGallery = async (galleryId: number, title: string) => {
  const document = await requireGallery(galleryId);
  const next = touched(document.gallery, { Title: title });
  await saveGallery(document.gallery, next);
  return toGallery({ ...document, gallery: next });
};

export const removeGallery = async (galleryId: number) => {
  const document = await requireGallery(galleryId);
  await deleteGalleryItems(document);
  // After the commit: a failed delete leaves unreferenced files, never a gallery with missing images.
  await deletePrefix(config().ASSETS_BUCKET, galleryFolder(galleryId));
};

export const addImageToGallery = async (galleryId: number, event: APIGatewayProxyEvent) => {
  const document = await requireGallery(galleryId);
  if (document.gallery.ImageCount >= GALLERY_MAX_IMAGES) {
    throw new AppError(
      'unprocessable',
      `Una galleria può contenere al massimo ${GALLERY_MAX_IMAGES} immagini.`,
    );
  }
  const { file, fields } = await readImageUpload(event, ['Caption']);
  // Checked before anything is stored, so a refused caption leaves no files behind.
  const { Caption } = galleryImageFieldsSchema.parse(fields);
  const imageId = newId();
  const prefix = `${galleryFolder(galleryId)}${imageId}`;
  await storeImageRenditions(prefix, file);
  const image = {
    ImageId: imageId,
    Caption,
    ImagePath: prefix,
    Position: document.gallery.NextPosition,
  };
  const next = touched(document.gallery, {
    ImageCount: document.gallery.ImageCount + 1,
    NextPosition: document.gallery.NextPosition + 1,
  });
  try {
    await addImageItem(document.gallery, next, image);
  } catch (error) {
    await deletePrefix(config().ASSETS_BUCKET, prefix);
    throw error;
  }
  return toGallery({ gallery: next, images: [...document.images, image] });
};

export const removeImageFromGallery = async (galleryId: number, imageId: string) => {
  const document = await requireGallery(galleryId);
  const image = document.images.find((candidate) => candidate.ImageId === imageId);
  if (!image) throw notFound(IMAGE_NOT_FOUND);
  const next = touched(document.gallery, { ImageCount: document.gallery.ImageCount - 1 });
  await removeImageItem(document.gallery, next, image.ImageId);
  await deletePrefix(config().ASSETS_BUCKET, image.ImagePath);
  return toGallery({ gallery: next, images: document.images.filter((candidate) => candidate !== image) });
};

export const reorderGalleryByIds = async (galleryId: number, imageIds: readonly string[]) => {
  const document = await requireGallery(galleryId);
  const current = document.images.map((image) => image.ImageId);
  if (!isExactReorder(imageIds, current)) {
    throw new AppError('validation_failed', REORDER_MISMATCH, { errors: { ImageIds: [REORDER_MISMATCH] } });
  }
  const next = touched(document.gallery, { NextPosition: imageIds.length });
  await reorderGalleryImages(document.gallery, next, imageIds);
  const byId = new Map(document.images.map((image) => [image.ImageId, image]));
  return toGallery({
    gallery: next,
    images: imageIds.map((imageId, position) => ({ ...byId.get(imageId)!, Position: position })),
  });
};
