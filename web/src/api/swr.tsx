/**
 * Global SWR configuration: the fetcher reads `/api/v2` paths with the API client; a failed load shows one
 * error toast per key ('Impossibile caricare i dati') unless the hook handles its own errors (`onError`
 * passed to the hook wins over this one).
 */
import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from './api-error';
import { api } from './client';
import { prefilledDataMiddleware } from './prefilled-data';

/** SWR keys are API paths (`'/UserDetails'`) or `[path, query]` tuples. */
export type ApiKey = string | readonly [string, Record<string, string | number | boolean | undefined>];

export const apiFetcher = <T,>(key: ApiKey): Promise<T> =>
  typeof key === 'string' ? api.get<T>(key) : api.get<T>(key[0], { query: key[1] });

/** Client errors (4xx) are answers, not glitches: retrying them cannot help. */
export const shouldRetry = (error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const swrConfig: SWRConfiguration = {
  fetcher: apiFetcher,
  revalidateOnFocus: true,
  shouldRetryOnError: shouldRetry,
  errorRetryCount: 3,
  use: [prefilledDataMiddleware],
  onError: (error: unknown, key: string) => {
    // A 401 means the session ended: the session handles it (sign-out and the guard's redirect).
    if (error instanceof ApiError && error.status === 401) return;
    // Loaded with the first failure: the toast's code and texts stay out of every page's first JavaScript.
    void import('./load-error-toast').then(({ showLoadErrorToast }) => showLoadErrorToast(key));
  },
};

/**
 * `fallback`: a prerendered page's data by serialised key (src/prerender). SWR draws a hydrating page from
 * its fallback, not from its cache, so the first render matches the server's HTML.
 */
export function SwrProvider({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback?: Record<string, unknown>;
}) {
  return <SWRConfig value={fallback ? { ...swrConfig, fallback } : swrConfig}>{children}</SWRConfig>;
}
