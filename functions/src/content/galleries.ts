/** Gallery operations (BusinessAdmin, /Admin/Content Galleries); the rules are in gallery-service.ts. */
import * as z from 'zod';
import { createGallerySchema, pageQuerySchema, reorderGallerySchema } from '@nutri/shared';
import { created, defineOperation, noContent } from '../http/operation';
import {
  IMAGE_NOT_FOUND,
  addImageToGallery,
  createNewGallery,
  getGalleryView,
  listGalleryPage,
  removeGallery,
  removeImageFromGallery,
  renameGallery,
  reorderGalleryByIds,
} from './gallery-service';
import { idPath, pathId } from '../http/path-id';

export const listGalleries = defineOperation(['BusinessAdmin'], { query: pageQuerySchema }, ({ query }) =>
  listGalleryPage(query),
);

export const createGallery = defineOperation(
  ['BusinessAdmin'],
  { body: createGallerySchema },
  async ({ body }) => created(await createNewGallery(body.Title)),
);

export const getGallery = defineOperation(['BusinessAdmin'], { path: idPath }, ({ path }) =>
  getGalleryView(path.id),
);

export const updateGallery = defineOperation(
  ['BusinessAdmin'],
  { path: idPath, body: createGallerySchema },
  ({ path, body }) => renameGallery(path.id, body.Title),
);

export const deleteGallery = defineOperation(['BusinessAdmin'], { path: idPath }, async ({ path }) => {
  await removeGallery(path.id);
  return noContent();
});

export const addGalleryImage = defineOperation(['BusinessAdmin'], { path: idPath }, async ({ path, event }) =>
  created(await addImageToGallery(path.id, event)),
);

export const removeGalleryImage = defineOperation(
  ['BusinessAdmin'],
  { path: z.object({ id: pathId, imageId: z.uuid({ error: IMAGE_NOT_FOUND }) }) },
  ({ path }) => removeImageFromGallery(path.id, path.imageId),
);

export const reorderGallery = defineOperation(
  ['BusinessAdmin'],
  { path: idPath, body: reorderGallerySchema },
  ({ path, body }) => reorderGalleryByIds(path.id, body.ImageIds),
);
