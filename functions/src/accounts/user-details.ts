/**
 * The signed-in user's own details: GET/PATCH UserDetails, the form metadata, and the profile photo
 * (POST/DELETE UserDetails/image, resized to webp and stored in the assets bucket).
 */
import {
  PROFILE_IMAGE_FIELD,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  updateUserDetailsSchema,
} from '@nutri/shared';
import { AppError } from '../http/errors';
import { readMultipartFile } from '../http/multipart';
import { defineOperation } from '../http/operation';
import { describeSchema } from '../http/schema-metadata';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { deletePrefix, putObject } from '../platform/files';
import { newId } from '../platform/ids';
import { requireActorUser } from './current-user';
import { PROFILE_IMAGE_WIDTHS, toUserProfile } from './profile-view';
import { updateUser } from './users-repo';

export const getUserDetails = defineOperation('signedIn', {}, async ({ actor }) =>
  toUserProfile(await requireActorUser(actor)),
);

export const patchUserDetails = defineOperation(
  'signedIn',
  { body: updateUserDetailsSchema },
  async ({ body, actor }) => {
    const user = await requireActorUser(actor);
    const phoneChanged = body.MobilePhoneNo !== undefined && body.MobilePhoneNo !== user.MobilePhoneNo;
    const updated = await updateUser(
      user,
      { ...body, ...(phoneChanged ? { MobilePhoneVerified: false } : {}) },
      now(),
    );
    return toUserProfile(updated);
  },
);

export const getUserDetailsMetadata = defineOperation('signedIn', {}, () =>
  Promise.resolve({ Fields: describeSchema(updateUserDetailsSchema) }),
);

const IMAGE_TOO_LARGE = `L’immagine supera la dimensione massima di ${PROFILE_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`;
const IMAGE_WRONG_TYPE = 'Formato non supportato: carica un’immagine JPEG, PNG o WebP.';

export const uploadUserImage = defineOperation('signedIn', {}, async ({ actor, event }) => {
  const user = await requireActorUser(actor);
  const { file: image } = await readMultipartFile(event, {
    field: PROFILE_IMAGE_FIELD,
    maxBytes: PROFILE_IMAGE_MAX_BYTES,
    types: PROFILE_IMAGE_TYPES,
    texts: { wrongType: IMAGE_WRONG_TYPE, tooLarge: IMAGE_TOO_LARGE, missing: 'Nessuna immagine ricevuta.' },
  });
  // The declared type is the client's word; decoding the pixels is the check (magic bytes and content).
  // sharp (native, heavy) is loaded by this operation, not at start.
  const { default: sharp } = await import('sharp');
  const decoded = sharp(image, { failOn: 'error', limitInputPixels: 40_000_000 });
  const metadata = await decoded.metadata().catch(() => null);
  if (!metadata?.format || !['jpeg', 'png', 'webp'].includes(metadata.format)) {
    throw new AppError('validation_failed', IMAGE_WRONG_TYPE, {
      errors: { [PROFILE_IMAGE_FIELD]: [IMAGE_WRONG_TYPE] },
    });
  }
  const { ASSETS_BUCKET } = config();
  const folder = `users/${user.Id}/`;
  const prefix = `${folder}avatar-${newId()}`;
  // Square crops, metadata (GPS and the like) stripped by re-encoding.
  const renditions = await Promise.all(
    PROFILE_IMAGE_WIDTHS.map(async (width) => ({
      width,
      body: await sharp(image)
        .rotate()
        .resize(width, width, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer(),
    })),
  );
  const previous = user.ImagePath;
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
  const updated = await updateUser(user, { ImagePath: prefix }, now());
  if (previous) await deletePrefix(ASSETS_BUCKET, previous);
  return toUserProfile(updated);
});

export const deleteUserImage = defineOperation('signedIn', {}, async ({ actor }) => {
  const user = await requireActorUser(actor);
  if (!user.ImagePath) return toUserProfile(user);
  const updated = await updateUser(user, { ImagePath: null }, now());
  await deletePrefix(config().ASSETS_BUCKET, user.ImagePath);
  return toUserProfile(updated);
});
