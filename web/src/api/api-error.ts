/**
 * Errors of the transport layer. They carry what the spec asks for (method, URL, status, status text and
 * body) and nothing about how the UI reacts: toasts and redirects are the callers' business.
 */
import type { ApiErrorBody } from '@nutri/shared';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  /** Parsed JSON when the response was JSON, otherwise its text ('' when empty). */
  readonly body: unknown;
  /** Seconds from the Retry-After header (429 and 503), when present and numeric. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    method: string;
    url: string;
    status: number;
    statusText: string;
    body: unknown;
    retryAfterSeconds?: number | null;
  }) {
    super(`${init.method} ${init.url} -> ${init.status} ${init.statusText}`.trim());
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.statusText = init.statusText;
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  /** The body when it has the product's error shape `{ code, message, Errors? }`. */
  get errorBody(): ApiErrorBody | null {
    return isApiErrorBody(this.body) ? this.body : null;
  }

  get code(): string | null {
    return this.errorBody?.code ?? null;
  }

  /** The server's (Italian) message, if any. */
  get serverMessage(): string | null {
    return this.errorBody?.message ?? null;
  }

  /** Field -> messages of a validation error. */
  get fieldErrors(): Record<string, string[]> {
    return this.errorBody?.Errors ?? {};
  }
}

/**
 * Shape check of `{ code, message, Errors? }` (shared `apiErrorBodySchema`), written out so the transport
 * does not bring zod into the landing chunk.
 */
export const isApiErrorBody = (value: unknown): value is ApiErrorBody => {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  if (typeof body.code !== 'string' || typeof body.message !== 'string') return false;
  if (body.Errors === undefined) return true;
  if (typeof body.Errors !== 'object' || body.Errors === null || Array.isArray(body.Errors)) return false;
  return Object.values(body.Errors).every(
    (messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'),
  );
};

/** The request never got an HTTP answer (offline, DNS, CORS, server down). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly method: string;
  readonly url: string;

  constructor(method: string, url: string, cause: unknown) {
    super(`${method} ${url} -> network error`, { cause });
    this.method = method;
    this.url = url;
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;

/** JSON when the content type says so and it parses, otherwise the raw text. */
export const parseBody = (contentType: string | null, text: string): unknown => {
  if (text === '') return '';
  if (contentType && /[/+]json\b/i.test(contentType)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
};

export const parseRetryAfter = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
};

/** Builds the ApiError of a non-OK fetch response (reads the body once). */
export const apiErrorFromResponse = async (
  method: string,
  url: string,
  response: Response,
): Promise<ApiError> => {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // A body that cannot be read leaves the error without body: status and URL still say what happened.
  }
  return new ApiError({
    method,
    url,
    status: response.status,
    statusText: response.statusText,
    body: parseBody(response.headers.get('Content-Type'), text),
    retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
  });
};
