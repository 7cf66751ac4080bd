import { createHmac } from 'node:crypto';
import { safeEqual } from '../platform/hash';

/**
 * Tally signs each webhook with base64(HMAC-SHA256(signingSecret, rawBody)) in the `Tally-Signature`
 * header. The raw body must be used as received: re-serialized JSON would not match.
 */
export const tallySignature = (secret: string, rawBody: string) =>
  createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');

export const isValidTallySignature = (secret: string, rawBody: string, header: string | undefined) =>
  typeof header === 'string' && header.length > 0 && safeEqual(header, tallySignature(secret, rawBody));
