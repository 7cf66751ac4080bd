/**
 * S3-compatible local server (s3rver) holding the private files bucket and the assets bucket, data under
 * `<dataDir>/s3`. It checks request signatures with the fixed S3RVER credentials the local runtime sets.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort } from './ports';

export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const corsConfiguration = (allowedOrigin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${allowedOrigin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface LocalS3 {
  endpoint: string;
  stop: () => Promise<void>;
}

export const startS3 = async (options: {
  dataDir: string;
  buckets: string[];
  allowedOrigin: string;
}): Promise<LocalS3> => {
  const directory = join(options.dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({
      name,
      configs: [corsConfiguration(options.allowedOrigin)],
    })),
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
};
