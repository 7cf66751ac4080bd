/**
 * The local S3 front's check of browser uploads (infra/local/s3-post-policy.ts), against policies signed
 * by the same AWS SDK call the product uses (createPresignedPost), so a mismatch with real S3's rules in
 * either direction shows here.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_S3_CREDENTIALS } from '../local/s3';
import { checkPostPolicy } from '../local/s3-post-policy';

const BUCKET = 'nutri-files';
const KEY = 'chat-uploads/3f1c2a4e-0000-4000-8000-000000000001';
const MAX = 10 * 1024 * 1024;

const client = new S3Client({
  region: 'eu-south-1',
  endpoint: 'http://127.0.0.1:9',
  forcePathStyle: true,
  credentials: LOCAL_S3_CREDENTIALS,
});

let signed: Map<string, string>;

beforeAll(async () => {
  const { fields } = await createPresignedPost(client, {
    Bucket: BUCKET,
    Key: KEY,
    Conditions: [
      ['content-length-range', 1, MAX],
      ['eq', '$Content-Type', 'image/png'],
    ],
    Fields: { 'Content-Type': 'image/png' },
    Expires: 900,
  });
  signed = new Map(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]));
});

const check = (
  overrides: { fields?: Map<string, string>; fileSize?: number; bucket?: string; now?: Date } = {},
) =>
  checkPostPolicy({
    fields: overrides.fields ?? signed,
    fileSize: overrides.fileSize ?? 1000,
    bucket: overrides.bucket ?? BUCKET,
    secretAccessKey: LOCAL_S3_CREDENTIALS.secretAccessKey,
    now: overrides.now ?? new Date(),
  });

const withField = (name: string, value: string | null) => {
  const fields = new Map(signed);
  if (value === null) fields.delete(name);
  else fields.set(name, value);
  return fields;
};

describe('local S3 POST policy', () => {
  it('accepts an upload within the signed limits', () => {
    expect(check()).toBeNull();
    expect(check({ fileSize: 1 })).toBeNull();
    expect(check({ fileSize: MAX })).toBeNull();
  });

  it('refuses sizes outside content-length-range as S3 does (400)', () => {
    expect(check({ fileSize: MAX + 1 })).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(check({ fileSize: 0 })).toMatchObject({ status: 400, code: 'EntityTooSmall' });
  });

  it('refuses another type, key or bucket than the signed ones, and fields no condition names', () => {
    expect(check({ fields: withField('content-type', 'text/html') })).toMatchObject({
      status: 403,
      code: 'AccessDenied',
    });
    expect(check({ fields: withField('key', 'chat/other') })).toMatchObject({ status: 403 });
    expect(check({ bucket: 'nutri-assets' })).toMatchObject({ status: 403 });
    expect(check({ fields: withField('acl', 'public-read') })).toMatchObject({
      status: 403,
      message: 'Invalid according to Policy: Extra input fields: acl',
    });
    expect(check({ fields: withField('x-ignore-note', 'ok') })).toBeNull();
  });

  it('refuses an altered or unsigned policy, and an expired one', () => {
    const policy = JSON.parse(Buffer.from(signed.get('policy')!, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    const widened = Buffer.from(
      JSON.stringify({
        ...policy,
        conditions: policy.conditions.map((condition) =>
          Array.isArray(condition) && condition[0] === 'content-length-range'
            ? ['content-length-range', 1, MAX * 100]
            : condition,
        ),
      }),
    ).toString('base64');
    expect(check({ fields: withField('policy', widened), fileSize: MAX * 2 })).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    expect(check({ fields: withField('policy', null) })).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(check({ now: new Date(Date.now() + 901_000) })).toMatchObject({
      status: 403,
      message: 'Invalid according to Policy: Policy expired.',
    });
  });
});
