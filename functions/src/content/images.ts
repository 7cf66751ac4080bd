/**
 * The image pipeline of covers and gallery images: the upload is decoded (the real type check), then
 * re-encoded as WebP at the widths the site serves (spec: 400, 800, 1200), which also strips metadata
 * such as GPS positions, and stored in the public assets bucket as `<prefix>-<width>.webp`.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  CONTENT_IMAGE_FIELD,
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_TYPES,
  GALLERY_CAPTION_MAX,
  IMAGE_WIDTHS,
  type ImageUrls,
} from '@nutri/shared';
import { AppError } from '../http/errors';
import { readMultipartFile } from '../http/multipart';
import { config } from '../platform/config';
import { putObject } from '../platform/files';

export const IMAGE_TEXTS = {
  wrongType: 'Formato non supportato: carica un’immagine JPEG, PNG o WebP.',
  tooLarge: 'L’immagine supera la dimensione massima di 4 MB.',
  missing: 'Nessuna immagine ricevuta.',
} as const;

/** Reads the uploaded image (multipart field `File`) and the text fields named. */
export const readImageUpload = (event: APIGatewayProxyEvent, textFields: readonly string[] = []) =>
  readMultipartFile(event, {
    field: CONTENT_IMAGE_FIELD,
    maxBytes: CONTENT_IMAGE_MAX_BYTES,
    types: CONTENT_IMAGE_TYPES,
    texts: IMAGE_TEXTS,
    textFields,
    maxTextLength: GALLERY_CAPTION_MAX,
  });

const wrongType = (cause?: unknown) =>
  new AppError('validation_failed', IMAGE_TEXTS.wrongType, {
    errors: { [CONTENT_IMAGE_FIELD]: [IMAGE_TEXTS.wrongType] },
    cause,
  });

/** Public URL of each rendition, or null without an image. */
export const imageUrls = (prefix: string | null | undefined): ImageUrls | null => {
  if (!prefix) return null;
  const base = config().ASSETS_BASE_URL;
  const url = (width: number) => `${base}/${prefix}-${width}.webp`;
  return { '400': url(400), '800': url(800), '1200': url(1200) };
};

/**
 * Decodes the image and stores its renditions under `prefix`. Smaller originals are not enlarged: the
 * 1200 rendition of an 800-pixel image is 800 pixels wide, so every URL exists without inventing detail.
 */
export const storeImageRenditions = async (prefix: string, image: Buffer): Promise<void> => {
  // sharp (native, heavy) is loaded by the operations that process images, not at start.
  const { default: sharp } = await import('sharp');
  const metadata = await sharp(image, { failOn: 'error', limitInputPixels: 40_000_000 })
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !['jpeg', 'png', 'webp'].includes(metadata.format)) throw wrongType();
  const renditions = await Promise.all(
    IMAGE_WIDTHS.map(async (width) => ({
      width,
      body: await sharp(image, { failOn: 'error', limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    })),
  ).catch((error: unknown) => {
    // A header that decodes but pixel data that does not (a truncated or forged file).
    throw wrongType(error);
  });
  const { ASSETS_BUCKET } = config();
  await Promise.all(
    renditions.map(({ width, body }) =>
      putObject(
        ASSETS_BUCKET,
        `${prefix}-${width}.webp`,
        body,
        'image/webp',
        'public, max-age=31536000, immutable',
      ),
    ),
  );
};
