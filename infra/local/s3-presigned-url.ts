/**
 * Presigned URLs (SigV4 query authentication) as real S3 checks them. s3rver verifies V2 signatures
 * only: a V4 query signature is taken on trust, and without `X-Amz-Algorithm` the request counts as
 * anonymous, so locally any key, any `response-*` override or `?X-Amz-Signature=abc` alone would read a
 * private object, and a presigned-URL bug could never show in a test. The local S3 front (s3.ts) runs
 * this check first.
 *
 * The expected signature is computed by the AWS SDK's own S3 presigner (the one `getSignedUrl` uses),
 * over the request as received: method, path, every query parameter but the signature, the signed
 * headers, with the URL's own date, expiry and credential scope. Refusals follow S3's codes: missing or
 * malformed parameters 400 AuthorizationQueryParametersError; unknown key 403 InvalidAccessKeyId;
 * expired 403 AccessDenied; a wrong signature 403 SignatureDoesNotMatch.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Hash } from '@smithy/core/serde';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';

export interface PresignedUrlRefusal {
  status: number;
  code: string;
  message: string;
}

/** S3's longest presigned URL lifetime: one week. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
/** How far ahead of S3's clock a URL's signing time may be (S3 allows 15 minutes of clock skew). */
const MAX_CLOCK_SKEW_MS = 15 * 60_000;

const REQUIRED = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Signature',
  'X-Amz-Date',
  'X-Amz-SignedHeaders',
  'X-Amz-Expires',
] as const;

const refusal = (status: number, code: string, message: string): PresignedUrlRefusal => ({
  status,
  code,
  message,
});

const parametersError = (message: string) => refusal(400, 'AuthorizationQueryParametersError', message);

/** Whether the URL tries query authentication V4 (any of its parameters): then it must pass the check. */
export const hasPresignedQuery = (query: URLSearchParams) =>
  REQUIRED.some((name) => query.has(name)) || query.has('X-Amz-Security-Token');

/** `20261125T123456Z` as a date; null when malformed. */
const parseAmzDate = (value: string) => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds] = match;
  const date = new Date(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * Checks a presigned request. `rawPath` is the path exactly as received (S3 signs it without
 * re-encoding), `query` its query string. Null when S3 would accept the signature.
 */
export const checkPresignedUrl = async (options: {
  method: string;
  rawPath: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  credentials: { accessKeyId: string; secretAccessKey: string };
  now: Date;
}): Promise<PresignedUrlRefusal | null> => {
  const { query } = options;
  if (REQUIRED.some((name) => query.getAll(name).length !== 1))
    return parametersError(
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  const param = (name: (typeof REQUIRED)[number]) => query.get(name) ?? '';
  if (param('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
    return parametersError('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const [accessKeyId = '', shortDate = '', region = '', service = '', terminator = '', ...extra] =
    param('X-Amz-Credential').split('/');
  if (!shortDate || !region || !service || terminator !== 'aws4_request' || extra.length)
    return parametersError('Error parsing the X-Amz-Credential parameter.');
  const signedAt = parseAmzDate(param('X-Amz-Date'));
  if (!signedAt)
    return parametersError("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
  const expires = param('X-Amz-Expires');
  if (!/^\d+$/.test(expires)) return parametersError('X-Amz-Expires should be a number');
  const expiresIn = Number(expires);
  if (expiresIn > MAX_EXPIRES_SECONDS)
    return parametersError('X-Amz-Expires must be less than a week (in seconds) that is 604800');
  if (accessKeyId !== options.credentials.accessKeyId)
    return refusal(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );

  // The signed headers, with the values this request carries (a header it lacks cannot match).
  const signedHeaderNames = param('X-Amz-SignedHeaders').split(';');
  const headers: Record<string, string> = {};
  for (const name of signedHeaderNames) {
    const value = options.headers[name];
    headers[name] = Array.isArray(value) ? value.join(',') : (value ?? '');
  }
  const host = headers.host ?? '';
  const queryToSign: Record<string, string | string[]> = {};
  for (const name of new Set(query.keys())) {
    if (name === 'X-Amz-Signature') continue;
    const values = query.getAll(name);
    queryToSign[name] = values.length === 1 ? values[0]! : values;
  }
  const presigner = new S3RequestPresigner({
    credentials: options.credentials,
    region,
    service,
    sha256: Hash.bind(null, 'sha256'),
  });
  let expected: string;
  try {
    const presigned = await presigner.presign(
      {
        method: options.method,
        protocol: 'http:',
        hostname: host.replace(/:\d+$/, ''),
        path: options.rawPath,
        query: queryToSign,
        headers,
      },
      {
        signingDate: signedAt,
        expiresIn,
        signingRegion: region,
        signingService: service,
        // Signed headers stay headers, as the URL's SignedHeaders list says.
        unhoistableHeaders: new Set(signedHeaderNames),
        signableHeaders: new Set(signedHeaderNames),
      },
    );
    expected = String(presigned.query?.['X-Amz-Signature'] ?? '');
  } catch {
    return parametersError('Error parsing the X-Amz-Credential parameter.');
  }
  const given = Buffer.from(param('X-Amz-Signature'), 'utf8');
  const computed = Buffer.from(expected, 'utf8');
  if (given.length !== computed.length || !timingSafeEqual(given, computed))
    return refusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  const now = options.now.getTime();
  if (signedAt.getTime() > now + MAX_CLOCK_SKEW_MS)
    return refusal(403, 'AccessDenied', 'Request is not valid yet');
  if (now > signedAt.getTime() + expiresIn * 1000) return refusal(403, 'AccessDenied', 'Request has expired');
  return null;
};
