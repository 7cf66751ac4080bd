import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Tokens are stored only as this hash: a database leak does not leak usable tokens. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export const hmac = (key: Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest('base64url');

export const safeEqual = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** A purpose-bound key derived from a master secret, so one secret serves several signatures safely. */
export const deriveKey = (master: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `nutri:${purpose}`, 32));
