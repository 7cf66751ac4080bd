/**
 * The nutritionist's photo: decoded (the real check of the type), cropped square and stored as webp in
 * the assets bucket at every width of the product's images (400, 800, 1200). Public on purpose: it is on
 * the public profile page. A new photo gets a new key, so the renditions can be cached forever.
 */
import {
  IMAGE_WIDTHS,
  PROFILE_IMAGE_FIELD,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
} from '@nutri/shared';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { AppError } from '../http/errors';
import { readMultipartFile } from '../http/multipart';
import { config } from '../platform/config';
import { deletePrefix, putObject } from '../platform/files';
import { newId } from '../platform/ids';
import { imageKey } from './profile-view';

const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp'];

export const PHOTO_TEXTS = {
  wrongType: 'Formato non supportato: carica un’immagine JPEG, PNG o WebP.',
  tooLarge: `L’immagine supera la dimensione massima di ${PROFILE_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`,
  missing: 'Nessuna immagine ricevuta.',
} as const;

const wrongType = (cause?: unknown) =>
  new AppError('validation_failed', PHOTO_TEXTS.wrongType, {
    errors: { [PROFILE_IMAGE_FIELD]: [PHOTO_TEXTS.wrongType] },
    cause,
  });

/** The photo of a multipart upload (field `File`), limited like the users' own profile photos. */
export const readPhotoUpload = async (event: APIGatewayProxyEvent) =>
  (
    await readMultipartFile(event, {
      field: PROFILE_IMAGE_FIELD,
      maxBytes: PROFILE_IMAGE_MAX_BYTES,
      types: PROFILE_IMAGE_TYPES,
      texts: PHOTO_TEXTS,
    })
  ).file;

/** Stores the renditions and returns their key prefix (`nutritionists/<userId>/photo-<id>`). */
export const storeNutritionistPhoto = async (userId: string, image: Buffer): Promise<string> => {
  // sharp (native, heavy) is loaded by the operations that process images, not at start.
  const { default: sharp } = await import('sharp');
  // The declared type is the client's word; decoding the pixels is the check (magic bytes and content).
  const metadata = await sharp(image, { failOn: 'error', limitInputPixels: 40_000_000 })
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED_FORMATS.includes(metadata.format)) throw wrongType();
  const renditions = await Promise.all(
    IMAGE_WIDTHS.map(async (width) => ({
      width,
      // Square, centred on the most salient area (the face); re-encoding strips EXIF (GPS and the like).
      body: await sharp(image, { failOn: 'error', limitInputPixels: 40_000_000 })
        .rotate()
        .resize(width, width, { fit: 'cover', position: sharp.strategy.attention })
        .webp({ quality: 82 })
        .toBuffer(),
    })),
  ).catch((error: unknown) => {
    // A header that decodes but pixel data that does not (a truncated or forged file).
    throw wrongType(error);
  });
  const prefix = `nutritionists/${userId}/photo-${newId()}`;
  const { ASSETS_BUCKET } = config();
  await Promise.all(
    renditions.map(({ width, body }) =>
      putObject(
        ASSETS_BUCKET,
        imageKey(prefix, width),
        body,
        'image/webp',
        'public, max-age=31536000, immutable',
      ),
    ),
  );
  return prefix;
};

export const deleteNutritionistPhoto = (prefix: string) => deletePrefix(config().ASSETS_BUCKET, prefix);
