import { randomBytes, randomUUID } from 'node:crypto';

/** Opaque unique id for new items. */
export const newId = (): string => randomUUID();

/** URL-safe random token with the given entropy (default 256 bits). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
