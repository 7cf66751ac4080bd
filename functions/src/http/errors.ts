/**
 * One error taxonomy, one mapper. Handlers throw `AppError`s with a stable code;
 * `toErrorResponse` maps them, zod errors and anything else to `{ code, message, Errors? }`.
 */
import { z } from 'zod';
import { errorTexts, validationTexts, type ApiErrorBody, type ErrorCode } from '@nutri/shared';
import { InvalidCursorError } from '../platform/db/cursor';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  too_many_requests: 429,
  internal: 500,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: Record<string, string[]>;
  readonly headers?: Record<string, string>;
  /** A code the contract names for this case (e.g. 'nutri-user-already-exists'), sent instead of `code`. */
  readonly publicCode?: string;

  constructor(
    code: ErrorCode,
    message?: string,
    options: {
      errors?: Record<string, string[]>;
      headers?: Record<string, string>;
      cause?: unknown;
      publicCode?: string;
    } = {},
  ) {
    super(message ?? errorTexts[code], { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = STATUS_BY_CODE[code];
    if (options.errors) this.errors = options.errors;
    if (options.headers) this.headers = options.headers;
    if (options.publicCode) this.publicCode = options.publicCode;
  }
}

export const badRequest = (message?: string) => new AppError('bad_request', message);
export const unauthorized = (message?: string) => new AppError('unauthorized', message);
export const forbidden = (message?: string) => new AppError('forbidden', message);
export const notFound = (message?: string) => new AppError('not_found', message);
export const conflict = (message?: string) => new AppError('conflict', message);
export const unprocessable = (message?: string) => new AppError('unprocessable', message);
export const tooManyRequests = (retryAfterSeconds: number, message?: string) =>
  new AppError('too_many_requests', message, { headers: { 'Retry-After': String(retryAfterSeconds) } });

/**
 * Field path -> Italian messages, e.g. `{ "Email": ["Indirizzo e-mail non valido"] }`. Field names come
 * from the request (an unknown key is reported by name), so they are collected in a Map: indexing a plain
 * object with `__proto__` or `constructor` would reach Object.prototype instead of a fresh entry.
 * `Object.fromEntries` then defines each name as an own property, whatever it is.
 */
export const zodErrorsByField = (error: z.ZodError): Record<string, string[]> => {
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => {
    const messages = errors.get(field);
    if (messages) messages.push(message);
    else errors.set(field, [message]);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(key, validationTexts.unknownField(key));
      continue;
    }
    add(issue.path.map(String).join('.') || '_', issue.message);
  }
  return Object.fromEntries(errors);
};

export interface ErrorResponse {
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
  /** Whether the error is unexpected (logged with details as an error, not a warning). */
  unexpected: boolean;
}

export const toErrorResponse = (error: unknown): ErrorResponse => {
  if (error instanceof InvalidCursorError) return toErrorResponse(new AppError('bad_request', error.message));
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: {
        code: error.publicCode ?? error.code,
        message: error.message,
        ...(error.errors ? { Errors: error.errors } : {}),
      },
      headers: error.headers ?? {},
      unexpected: false,
    };
  }
  if (error instanceof z.ZodError) {
    return {
      status: 400,
      body: {
        code: 'validation_failed',
        message: errorTexts.validation_failed,
        Errors: zodErrorsByField(error),
      },
      headers: {},
      unexpected: false,
    };
  }
  return {
    status: 500,
    body: { code: 'internal', message: errorTexts.internal },
    headers: {},
    unexpected: true,
  };
};
