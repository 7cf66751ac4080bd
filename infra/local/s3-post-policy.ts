/**
 * Browser uploads (S3 "POST Object" with a signed policy) as real S3 checks them. s3rver stores a POST
 * without looking at its policy, so locally a presigned POST would accept any size, type or key; the
 * local S3 front (s3.ts) runs these checks first, so the limits the product signs are the limits the
 * tests meet. Rules from the S3 documentation ("Creating a POST policy"): the signature over the base64
 * policy (SigV4), the expiration, every condition (exact match, starts-with, content-length-range), and
 * no form field that no condition names.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface PostPolicyRefusal {
  status: number;
  code: string;
  message: string;
}

type Condition = Record<string, string> | [string, string | number, string | number];

interface PostPolicy {
  expiration: string;
  conditions: Condition[];
}

/** Form fields S3 never asks a condition for. */
const exempt = (name: string) =>
  name === 'file' || name === 'policy' || name === 'x-amz-signature' || name.startsWith('x-ignore-');

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** SigV4 signing key of `secret` for the credential scope `<key id>/<date>/<region>/<service>/aws4_request`. */
const signingKey = (secret: string, scope: readonly string[]) => {
  const [, date = '', region = '', service = ''] = scope;
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
};

const refusal = (status: number, code: string, message: string): PostPolicyRefusal => ({
  status,
  code,
  message,
});

/**
 * Checks a POST upload: `fields` are the form fields (names lower-cased, without the file), `fileSize`
 * the file's bytes, `bucket` the bucket of the URL. Null when S3 would accept it.
 */
export const checkPostPolicy = (options: {
  fields: ReadonlyMap<string, string>;
  fileSize: number;
  bucket: string;
  secretAccessKey: string;
  now: Date;
}): PostPolicyRefusal | null => {
  const { fields } = options;
  const encodedPolicy = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  if (!encodedPolicy || !signature || !credential || fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256')
    return refusal(403, 'AccessDenied', 'Anonymous POST uploads are not allowed on this bucket.');
  const expected = hmac(signingKey(options.secretAccessKey, credential.split('/')), encodedPolicy);
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return refusal(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match.');

  let policy: PostPolicy;
  try {
    policy = JSON.parse(Buffer.from(encodedPolicy, 'base64').toString('utf8')) as PostPolicy;
  } catch {
    return refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  if (!(Date.parse(policy.expiration) > options.now.getTime()))
    return refusal(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');

  const valueOf = (name: string) => (name === 'bucket' ? options.bucket : fields.get(name));
  const named = new Set<string>(['bucket']);
  for (const condition of policy.conditions ?? []) {
    if (!Array.isArray(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        named.add(name.toLowerCase());
        if (valueOf(name.toLowerCase()) !== value)
          return refusal(
            403,
            'AccessDenied',
            `Invalid according to Policy: Policy Condition failed: ${name}`,
          );
      }
      continue;
    }
    const [operator, first, second] = condition;
    if (operator === 'content-length-range') {
      if (options.fileSize < Number(first))
        return refusal(
          400,
          'EntityTooSmall',
          'Your proposed upload is smaller than the minimum allowed size',
        );
      if (options.fileSize > Number(second))
        return refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      continue;
    }
    const name = String(first).replace(/^\$/, '').toLowerCase();
    named.add(name);
    const value = valueOf(name) ?? '';
    const holds =
      operator === 'eq'
        ? value === String(second)
        : operator === 'starts-with' && value.startsWith(String(second));
    if (!holds)
      return refusal(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${name}`);
  }
  const extra = [...fields.keys()].filter((name) => !exempt(name) && !named.has(name));
  if (extra.length)
    return refusal(
      403,
      'AccessDenied',
      `Invalid according to Policy: Extra input fields: ${extra.join(', ')}`,
    );
  return null;
};
