/**
 * Image galleries (BusinessAdmin): list, create, rename, delete, add an image (multipart `File` with its
 * `Caption`), remove an image and reorder (POST Galleries/{id}/reorder with every ImageId in order).
 */
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import {
  CONTENT_IMAGE_FIELD,
  gallerySchema,
  gallerySummarySchema,
  listResponseSchema,
  type Gallery,
  type GallerySummary,
} from '@nutri/shared';
import { api, apiPath, apiUpload } from '../../../../api/client';
import { requireId } from './require-id';

export const GALLERIES_PATH = '/Galleries';
const listSchema = listResponseSchema(gallerySummarySchema);

export const useGalleries = (): SWRResponse<GallerySummary[], unknown> =>
  useSWR(
    [GALLERIES_PATH, { limit: 100 }] as const,
    async ([path, query]) => listSchema.parse(await api.get(path, { query })).Data,
  );

export const galleryKey = (galleryId: number) => apiPath('Galleries', requireId(galleryId));

export const useGallery = (galleryId: number | null): SWRResponse<Gallery, unknown> =>
  useSWR(
    galleryId ? galleryKey(galleryId) : null,
    async (key: string) => gallerySchema.parse(await api.get(key)),
    {
      revalidateOnFocus: false,
    },
  );

/** Moves the image at `index` by `delta` (-1 up, +1 down); the ids in their new order. */
export const movedImageIds = (gallery: Pick<Gallery, 'Images'>, index: number, delta: -1 | 1): string[] => {
  const ids = [...gallery.Images].sort((a, b) => a.Position - b.Position).map((image) => image.ImageId);
  const target = index + delta;
  if (target < 0 || target >= ids.length) return ids;
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  return ids;
};

export const useGalleryMutations = () => {
  const { mutate } = useSWRConfig();
  const store = async (gallery: Gallery) => {
    await mutate(galleryKey(gallery.GalleryId), gallery, { revalidate: false });
    await mutate((key) => Array.isArray(key) && key[0] === GALLERIES_PATH);
    return gallery;
  };
  return {
    create: async (Title: string) => store(gallerySchema.parse(await api.post(GALLERIES_PATH, { Title }))),
    rename: async (galleryId: number, Title: string) =>
      store(gallerySchema.parse(await api.patch(galleryKey(galleryId), { Title }))),
    remove: async (galleryId: number) => {
      await api.delete(galleryKey(galleryId));
      await mutate((key) => Array.isArray(key) && key[0] === GALLERIES_PATH);
    },
    addImage: async (
      galleryId: number,
      file: File,
      caption: string,
      options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
    ) => {
      const form = new FormData();
      // Text fields first: the server reads the caption before the file.
      form.append('Caption', caption);
      form.append(CONTENT_IMAGE_FIELD, file, file.name);
      return store(gallerySchema.parse(await apiUpload(`${galleryKey(galleryId)}/images`, form, options)));
    },
    removeImage: async (galleryId: number, imageId: string) =>
      store(
        gallerySchema.parse(
          await api.delete(`${galleryKey(galleryId)}/images/${encodeURIComponent(requireId(imageId))}`),
        ),
      ),
    reorder: async (galleryId: number, ImageIds: string[]) =>
      store(gallerySchema.parse(await api.post(`${galleryKey(galleryId)}/reorder`, { ImageIds }))),
  };
};
