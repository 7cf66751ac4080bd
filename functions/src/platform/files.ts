/** One S3 client per process; path-style addressing against the local S3 emulator. */
import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { config } from './config';

let client: S3Client | undefined;
export const s3 = () => {
  if (!client) {
    const { AWS_REGION, S3_ENDPOINT } = config();
    client = new S3Client({
      region: AWS_REGION,
      ...(S3_ENDPOINT ? { endpoint: S3_ENDPOINT, forcePathStyle: true } : {}),
    });
  }
  return client;
};

export const putObject = async (
  bucket: string,
  key: string,
  body: Buffer,
  contentType: string,
  cacheControl?: string,
) => {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      ...(cacheControl ? { CacheControl: cacheControl } : {}),
    }),
  );
};

/** Deletes every object under a prefix (at most 1000 per call, enough for a user's photo versions). */
export const deletePrefix = async (bucket: string, prefix: string) => {
  const listed = await s3().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  const keys = (listed.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
  if (keys.length) await s3().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
};
