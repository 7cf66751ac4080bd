/**
 * What a repository or platform adapter reports when a rule of the data does not hold (a name already
 * taken, an item changed meanwhile). Repositories speak the domain only: the HTTP layer maps each code to
 * a status and the Italian text users see (http/domain-errors.ts), so the same failure reads the same
 * wherever it comes from.
 */
export const DOMAIN_ERROR_CODES = [
  /** The item is not there (any more). */
  'not-found',
  /** The item changed since it was read, or a concurrent write won: read again and retry. */
  'conflict',
  /** The booking's time overlaps another booking of the nutritionist. */
  'slot-taken',
  /** A pagination cursor that was not issued for this list. */
  'invalid-cursor',
  'tag-not-found',
  'tag-name-taken',
  /** A tag still linked from contents or profiles cannot be deleted. */
  'tag-in-use',
  'content-url-taken',
  'profile-url-taken',
  /** A profile names skills that are not skill tags. */
  'unknown-skills',
  /** A CV upload already used by another application. */
  'cv-already-used',
  'user-exists',
  'email-taken',
  /** A conversation kept losing the race for its next message index. */
  'chat-busy',
  /** The session the write was made in has ended (sign-out, password change): nothing was written. */
  'session-ended',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends Error {
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, options: { cause?: unknown } = {}) {
    super(code, { cause: options.cause });
    this.name = 'DomainError';
    this.code = code;
  }
}

/** Whether `error` is a DomainError, of one of `codes` when given. */
export const isDomainError = (error: unknown, ...codes: DomainErrorCode[]): error is DomainError =>
  error instanceof DomainError && (codes.length === 0 || codes.includes(error.code));
