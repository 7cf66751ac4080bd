/**
 * Password hashing with argon2id at OWASP's recommended cost (19 MiB, 2 iterations, 1 lane), in
 * WebAssembly so the same code runs on the arm64 Lambdas and x64 machines without native binaries.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { tooManyRequests } from '../http/errors';

const PARAMS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/**
 * Hashing is bounded per container: one hash at a time (the WebAssembly runs on the event loop, so more
 * would only interleave), at most MAX_WAITING_HASHES in line behind it; beyond that the request is
 * refused at once with 429 instead of queueing without end, so a burst of anonymous calls cannot make
 * every sign-in wait seconds. Every hashing path goes through here: sign-in (and its dummy hash),
 * registration, password change and reset.
 */
const MAX_CONCURRENT_HASHES = 1;
const MAX_WAITING_HASHES = 24;
const BUSY_RETRY_SECONDS = 2;
let runningHashes = 0;
const waitingHashes: (() => void)[] = [];

const withHashSlot = async <T>(work: () => Promise<T>): Promise<T> => {
  if (runningHashes < MAX_CONCURRENT_HASHES) runningHashes += 1;
  else if (waitingHashes.length >= MAX_WAITING_HASHES)
    throw tooManyRequests(
      BUSY_RETRY_SECONDS,
      'Il servizio è molto richiesto in questo momento: riprova tra qualche secondo.',
    );
  // A finishing hash hands its slot straight to the first in line (runningHashes stays the same).
  else await new Promise<void>((resolve) => waitingHashes.push(resolve));
  try {
    return await work();
  } finally {
    const next = waitingHashes.shift();
    if (next) next();
    else runningHashes -= 1;
  }
};

const encode = (salt: Buffer, hash: Buffer, p = PARAMS) =>
  `$argon2id$v=19$m=${p.memorySize},t=${p.iterations},p=${p.parallelism}$${salt.toString('base64url')}$${hash.toString('base64url')}`;

const derive = (
  password: string,
  salt: Buffer,
  p: { memorySize: number; iterations: number; parallelism: number; hashLength: number },
) =>
  withHashSlot(async () => {
    // The WebAssembly hash is loaded by the first sign-in or password change, not at start.
    const { argon2id } = await import('./argon2id');
    return Buffer.from(await argon2id({ password, salt, ...p, outputType: 'binary' }));
  });

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  return encode(salt, await derive(password, salt, PARAMS));
};

const ENCODED = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** Constant-time comparison against a stored hash; a malformed hash never matches. */
export const verifyPassword = async (password: string, encoded: string): Promise<boolean> => {
  const match = ENCODED.exec(encoded);
  if (!match) return false;
  const [, m, t, p, saltText, hashText] = match;
  const expected = Buffer.from(hashText!, 'base64url');
  const actual = await derive(password, Buffer.from(saltText!, 'base64url'), {
    memorySize: Number(m),
    iterations: Number(t),
    parallelism: Number(p),
    hashLength: expected.length,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

/** Whether a stored hash was made with weaker parameters than today's and should be replaced at next login. */
export const needsRehash = (encoded: string) =>
  !encoded.startsWith(
    `$argon2id$v=19$m=${PARAMS.memorySize},t=${PARAMS.iterations},p=${PARAMS.parallelism}$`,
  );

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the account does not exist, so both cases cost the same time. */
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
