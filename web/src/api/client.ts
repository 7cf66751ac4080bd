/**
 * The one way the web app talks to the product API (`/api/v2/...`). It adds the bearer token, sends and
 * reads JSON and turns non-OK answers into `ApiError` (network failures into `NetworkError`). It never
 * shows anything and never navigates: callers decide.
 */
import { ApiError, NetworkError, apiErrorFromResponse, parseBody, parseRetryAfter } from './api-error';

/** Returns the access token to send, refreshing it first when it is about to expire. */
export type AccessTokenProvider = () => Promise<string | null> | string | null;

/**
 * Same value as shared `API_BASE_PATH` (a unit test keeps them equal); not imported from there because that
 * module also builds zod schemas, which the landing chunk should not load.
 */
export const API_BASE = '/api/v2';

let accessTokenProvider: AccessTokenProvider = () => null;

/**
 * Where requests go: '' in the browser (the page's own origin). The prerenderer (src/prerender), which runs
 * in Node and has no page origin, points it at the API it renders from.
 */
let apiOrigin = '';

export const setApiOrigin = (origin: string) => {
  apiOrigin = origin.replace(/\/+$/, '');
};

/** The session registers itself here once at start-up (keeps the transport free of auth state). */
export const setAccessTokenProvider = (provider: AccessTokenProvider) => {
  accessTokenProvider = provider;
};

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** JSON-serialised unless it is FormData (sent as multipart). */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Send the bearer token (default true). Sign-in calls turn it off. */
  auth?: boolean;
}

const appendQuery = (params: URLSearchParams, key: string, value: QueryValue) => {
  if (value === undefined || value === null) return;
  params.append(key, String(value));
};

/** `apiUrl('/UserDetails')` -> '/api/v2/UserDetails'; query values that are null or undefined are left out. */
export const apiUrl = (path: string, query?: Query): string => {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value))
      for (const item of value as readonly QueryValue[]) appendQuery(params, key, item);
    else appendQuery(params, key, value as QueryValue);
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

/** Encodes one path segment: `apiPath('Patients/Unsubscribe', userId)`. */
export const apiPath = (...segments: readonly (string | number)[]) =>
  `/${segments.map((segment, index) => (index === 0 ? String(segment) : encodeURIComponent(String(segment)))).join('/')}`;

const authorizationHeader = async (auth: boolean): Promise<Record<string, string>> => {
  if (!auth) return {};
  const token = await accessTokenProvider();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

const isFormData = (body: unknown): body is FormData =>
  typeof FormData !== 'undefined' && body instanceof FormData;

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = apiUrl(path, options.query);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(await authorizationHeader(options.auth ?? true)),
  };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isFormData(options.body)) body = options.body;
    else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }

  return readApiResponse<T>(
    method,
    url,
    fetch(`${apiOrigin}${url}`, {
      method,
      headers,
      body: body ?? null,
      signal: options.signal ?? null,
      credentials: 'same-origin',
    }),
  );
}

/** A fetch's outcome as the API's answer: `NetworkError` when it failed, `ApiError` when not OK. */
async function readApiResponse<T>(method: string, url: string, pending: Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await pending;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(method, url, error);
  }
  if (!response.ok) throw await apiErrorFromResponse(method, url, response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return parseBody(response.headers.get('Content-Type'), text) as T;
}

export const api = {
  get: <T = unknown>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T = unknown>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T = unknown>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = unknown>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  signal?: AbortSignal;
  /** Fraction sent, 0..1. */
  onProgress?: (fraction: number) => void;
}

/**
 * Multipart upload with progress (fetch cannot report upload progress, XMLHttpRequest can). Same errors
 * as `apiRequest`.
 */
export async function apiUpload<T = unknown>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const method = options.method ?? 'POST';
  const url = apiUrl(path);
  const headers = await authorizationHeader(true);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseBody(request.getResponseHeader('Content-Type'), request.responseText);
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        resolve((request.status === 204 ? undefined : body) as T);
        return;
      }
      reject(
        new ApiError({
          method,
          url,
          status: request.status,
          statusText: request.statusText,
          body,
          retryAfterSeconds: parseRetryAfter(request.getResponseHeader('Retry-After')),
        }),
      );
    };
    request.onerror = () => reject(new NetworkError(method, url, new Error('XMLHttpRequest failed')));
    request.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('Upload aborted', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => request.abort(), { once: true });
    }
    request.send(form);
  });
}
