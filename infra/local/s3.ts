/**
 * S3-compatible local server (s3rver) holding the private files bucket and the assets bucket, data under
 * `<dataDir>/s3`, with the fixed S3RVER credentials the local runtime sets (s3rver verifies V2 signatures
 * only; V4 ones it takes on trust).
 * A small front in the same process adds what s3rver leaves out and the product relies on: browser POST
 * uploads are checked against their signed policy (size range, type, key, expiry), presigned URLs against
 * their SigV4 signature and expiry (s3-presigned-url.ts), and private buckets refuse unsigned requests,
 * as real S3 does.
 */
import { mkdirSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort } from './ports';
import { checkPostPolicy } from './s3-post-policy';
import { checkPresignedUrl, hasPresignedQuery } from './s3-presigned-url';

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

/** Largest browser upload the front reads (far above any signed limit; beyond it S3 would refuse too). */
const MAX_POST_BYTES = 64 * 1024 * 1024;

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Whether a request carries a signature s3rver verifies itself: an Authorization header (the product's
 * own SDK calls), or a V2 query signature. V4 query signatures are checked by the front
 * (s3-presigned-url.ts).
 */
const isSigned = (request: IncomingMessage, url: URL) =>
  'authorization' in request.headers || url.searchParams.has('Signature');

/** A browser form upload (POST Object): multipart to the bucket itself, signed by its policy. */
const isFormUpload = (request: IncomingMessage, objectKey: string) =>
  request.method === 'POST' &&
  objectKey === '' &&
  !('authorization' in request.headers) &&
  (request.headers['content-type'] ?? '').startsWith('multipart/form-data');

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_POST_BYTES) chunks.push(chunk);
  }
  return size <= MAX_POST_BYTES ? Buffer.concat(chunks) : null;
};

/** The policy check of a form upload; null when it may go on to s3rver. */
const formUploadRefusal = async (request: IncomingMessage, body: Buffer | null, bucket: string) => {
  if (!body)
    return {
      status: 400,
      code: 'EntityTooLarge',
      message: 'Your proposed upload exceeds the maximum allowed size',
    };
  let form: FormData;
  try {
    form = await new Response(body, {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
  } catch {
    return {
      status: 400,
      code: 'MalformedPOSTRequest',
      message: 'The body of your POST request is not well-formed multipart/form-data.',
    };
  }
  const fields = new Map<string, string>();
  let fileSize: number | null = null;
  for (const [name, value] of form.entries()) {
    if (name === 'file' && typeof value !== 'string') fileSize = value.size;
    else if (typeof value === 'string') fields.set(name.toLowerCase(), value);
  }
  if (fileSize === null)
    return {
      status: 400,
      code: 'InvalidArgument',
      message: 'POST requires exactly one file upload per request.',
    };
  return checkPostPolicy({
    fields,
    fileSize,
    bucket,
    secretAccessKey: LOCAL_S3_CREDENTIALS.secretAccessKey,
    now: new Date(),
  });
};

export const startS3 = async (options: {
  dataDir: string;
  buckets: string[];
  /** Buckets that refuse unsigned requests (the private files bucket; assets are public). */
  privateBuckets?: string[];
  allowedOrigin: string;
}): Promise<LocalS3> => {
  const directory = join(options.dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const emulatorPort = await freePort();
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port: emulatorPort,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({
      name,
      configs: [corsConfiguration(options.allowedOrigin)],
    })),
  });
  await server.run();

  const privateBuckets = new Set(options.privateBuckets ?? []);
  const refuse = (
    request: IncomingMessage,
    response: ServerResponse,
    refusal: { status: number; code: string; message: string },
  ) => {
    // CORS headers on refusals too, as S3 sends them, so a browser can read why its upload failed.
    const origin = request.headers.origin;
    response.writeHead(refusal.status, {
      'Content-Type': 'application/xml',
      ...(origin === options.allowedOrigin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {}),
    });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${xmlEscape(refusal.message)}</Message></Error>`,
    );
  };
  const forward = (request: IncomingMessage, response: ServerResponse, body: Buffer | null) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: emulatorPort,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    if (body) upstream.end(body);
    else request.pipe(upstream);
  };
  const front = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const [bucket = '', ...rest] = url.pathname.slice(1).split('/');
      const objectKey = rest.join('/');
      if (isFormUpload(request, objectKey)) {
        const body = await readBody(request);
        const refusal = await formUploadRefusal(request, body, decodeURIComponent(bucket));
        if (refusal) return refuse(request, response, refusal);
        return forward(request, response, body);
      }
      // s3rver takes V4 query signatures on trust: the front checks them (every bucket, as S3 does).
      if (request.method !== 'OPTIONS' && hasPresignedQuery(url.searchParams)) {
        const refusal = await checkPresignedUrl({
          method: request.method ?? 'GET',
          rawPath: (request.url ?? '/').split('?')[0]!,
          query: url.searchParams,
          headers: request.headers,
          credentials: LOCAL_S3_CREDENTIALS,
          now: new Date(),
        });
        if (refusal) return refuse(request, response, refusal);
      } else if (
        privateBuckets.has(decodeURIComponent(bucket)) &&
        request.method !== 'OPTIONS' &&
        !isSigned(request, url)
      )
        return refuse(request, response, { status: 403, code: 'AccessDenied', message: 'Access Denied' });
      forward(request, response, null);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(port, '127.0.0.1', resolve);
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await server.close();
    },
  };
};
