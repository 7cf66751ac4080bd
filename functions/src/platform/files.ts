/**
 * One S3 client per process; path-style addressing against the local S3 emulator. S3 and its presigners
 * are loaded on the first file operation, not at start (files-sdk.ts).
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { config } from './config';

// The promise is kept: every import() call would go through the module loader again.
let loading: Promise<typeof import('./files-sdk')> | undefined;
const sdk = () => (loading ??= import('./files-sdk'));

let client: S3Client | undefined;
export const s3 = async () => {
  if (!client) {
    const { S3Client } = await sdk();
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
  const { PutObjectCommand } = await sdk();
  await (
    await s3()
  ).send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      ...(cacheControl ? { CacheControl: cacheControl } : {}),
    }),
  );
};

/** The keys of every object under a prefix, page after page of the listing. */
export const listKeys = async (bucket: string, prefix: string): Promise<string[]> => {
  const { ListObjectsV2Command } = await sdk();
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const listed = await (
      await s3()
    ).send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: prefix,
        ...(token ? { ContinuationToken: token } : {}),
      }),
    );
    for (const object of listed.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
  } while (token);
  return keys;
};

/** Deletes the objects at `keys`, in S3's batches of at most 1000. */
export const deleteKeys = async (bucket: string, keys: readonly string[]) => {
  const { DeleteObjectsCommand } = await sdk();
  for (let start = 0; start < keys.length; start += 1000) {
    const batch = keys.slice(start, start + 1000).map((key) => ({ Key: key }));
    await (await s3()).send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch } }));
  }
};

/** Deletes every object under a prefix. */
export const deletePrefix = async (bucket: string, prefix: string) =>
  deleteKeys(bucket, await listKeys(bucket, prefix));

/** Copies an object inside the bucket on the server side (body, type and metadata kept). */
export const copyObject = async (bucket: string, fromKey: string, toKey: string) => {
  const { CopyObjectCommand } = await sdk();
  await (
    await s3()
  ).send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: toKey,
      CopySource: `${bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
    }),
  );
};

export const deleteObject = async (bucket: string, key: string) => {
  const { DeleteObjectCommand } = await sdk();
  await (await s3()).send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
};

/** Size and type of an object, or null when there is none. */
export const headObject = async (bucket: string, key: string) => {
  const { HeadObjectCommand, NoSuchKey, NotFound } = await sdk();
  try {
    const head = await (await s3()).send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (error instanceof NotFound || error instanceof NoSuchKey || status === 404) return null;
    throw error;
  }
};

/** A whole object, e.g. a stored PDF packed into an export. */
export const readObject = async (bucket: string, key: string): Promise<Buffer> => {
  const { GetObjectCommand } = await sdk();
  const object = await (await s3()).send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
};

/** The first bytes of an object (a ranged GET), e.g. to check a file's magic number without reading it all. */
export const readObjectStart = async (bucket: string, key: string, length: number): Promise<Buffer> => {
  const { GetObjectCommand } = await sdk();
  const object = await (
    await s3()
  ).send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${length - 1}` }));
  return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
};

/**
 * A browser upload straight to the bucket: a presigned POST for exactly one key, with the size range and
 * content type enforced by S3 through the signed policy.
 */
export const presignUpload = async (options: {
  bucket: string;
  key: string;
  contentType: string;
  maxBytes: number;
  expiresInSeconds: number;
}) => {
  const { createPresignedPost } = await sdk();
  const { url, fields } = await createPresignedPost(await s3(), {
    Bucket: options.bucket,
    Key: options.key,
    Conditions: [
      ['content-length-range', 1, options.maxBytes],
      ['eq', '$Content-Type', options.contentType],
    ],
    Fields: { 'Content-Type': options.contentType },
    Expires: options.expiresInSeconds,
  });
  return { url, fields };
};

/** A short-lived download link for a private object; `fileName` becomes the browser's file name. */
export const presignDownload = async (
  bucket: string,
  key: string,
  expiresInSeconds: number,
  fileName?: string,
) => {
  const { GetObjectCommand, getSignedUrl } = await sdk();
  return getSignedUrl(
    await s3(),
    new GetObjectCommand({
      Bucket: bucket,
      Key: key,
      ...(fileName
        ? { ResponseContentDisposition: `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"` }
        : {}),
    }),
    { expiresIn: expiresInSeconds },
  );
};
