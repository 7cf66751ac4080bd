/**
 * Data put in SWR's cache before its page first rendered: the first page of a visit, whose data is
 * requested while the page's chunk downloads (app/prefetch-route-data.ts).
 *
 * Why the cache and not SWR's `preload`: a preloaded answer reaches the page only after it has mounted
 * (its hook takes it in an effect), and SWR then updates the page through useSyncExternalStore, which React
 * renders in one synchronous task it never splits: the whole page, while it loads. With the data in the
 * cache, the page's first render already has it, inside the app's first render, which React splits into
 * short tasks.
 *
 * A hook does not fetch such data again on mount while it is fresh (the `prefilledDataMiddleware` of the
 * app's SWR configuration); later mounts, focus and reconnection revalidate as usual.
 */
import { mutate, type Key, type Middleware } from 'swr';

/** How long prefilled data counts as just fetched. */
const FRESH_MS = 30_000;

const filledAt = new Map<string, number>();

/**
 * A key's identity: the app's keys are API paths or [path, query] tuples built by one function each, so
 * their JSON is stable. (SWR's `unstable_serialize` would do too, but importing it into the entry makes
 * the bundler split the entry into many small chunks.)
 */
const identityOf = (key: Key): string | undefined =>
  typeof key === 'function' ? undefined : JSON.stringify(key);

export const prefillData = async (key: Key, data: unknown): Promise<void> => {
  const identity = identityOf(key);
  if (identity) filledAt.set(identity, Date.now());
  await mutate(key, data, { revalidate: false });
};

const isFreshPrefill = (key: Key): boolean => {
  const identity = identityOf(key);
  const at = identity === undefined ? undefined : filledAt.get(identity);
  return at !== undefined && Date.now() - at < FRESH_MS;
};

export const prefilledDataMiddleware: Middleware = (useSWRNext) => (key, fetcher, config) =>
  useSWRNext(key, fetcher, isFreshPrefill(key) ? { ...config, revalidateOnMount: false } : config);
