/**
 * A cursor-paged list ("Mostra altri"): the first page, then each next one while the server returns a
 * `NextCursor`. Written once for every paged list of the app (agenda, bookings, moderation queues, reviews).
 *
 * Each page remembers the filters it was loaded for. When filters change quickly (a date typed, then
 * cleared), useSWRInfinite can hold, under the new filters, pages its fetcher loaded for earlier ones (the
 * fetcher reads the page keys of the render it was started from); such pages are never shown: the list
 * counts as loading and loads again for the filters on screen.
 */
import { useEffect } from 'react';
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';

export interface CursorListPage<T> {
  Data: T[];
  NextCursor: string | null;
}
export type CursorQuery = Record<string, string | number | undefined>;
export type CursorListKey = readonly [string, CursorQuery];

export interface CursorListOptions<T> extends SWRInfiniteConfiguration<CursorListPage<T>> {
  /**
   * Lists a feature tells to reload after a change of its own: SWR's global `mutate(filter)` skips
   * useSWRInfinite's keys, so the list registers itself here while it is on screen.
   */
  reloaders?: Set<() => void>;
}

/** The filters of a query, whatever their order, without the cursor that only says which page. */
export const filtersOf = (path: string, query: CursorQuery) =>
  JSON.stringify([
    path,
    Object.entries(query)
      .filter(([name, value]) => name !== 'cursor' && value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  ]);

type LoadedPage<T> = CursorListPage<T> & { loadedFor: string };

/** The pages if they were all loaded for these filters; undefined while any was loaded for others. */
export const pagesFor = <T>(pages: readonly LoadedPage<T>[] | undefined, filters: string) =>
  pages?.every((page) => page.loadedFor === filters) ? pages : undefined;

/** `path` null: nothing to load yet. `query` holds the list's filters and page size (`limit`). */
export const useCursorList = <T>(
  path: string | null,
  query: CursorQuery,
  fetchPage: (key: CursorListKey) => Promise<CursorListPage<T>>,
  { reloaders, ...config }: CursorListOptions<T> = {},
) => {
  const pages = useSWRInfinite<LoadedPage<T>>(
    (index, previous: CursorListPage<T> | null): CursorListKey | null => {
      if (!path || (index > 0 && !previous?.NextCursor)) return null;
      return [
        path,
        { ...query, ...(index > 0 && previous?.NextCursor ? { cursor: previous.NextCursor } : {}) },
      ];
    },
    async (key: CursorListKey) => ({ ...(await fetchPage(key)), loadedFor: filtersOf(...key) }),
    { revalidateFirstPage: true, ...(config as SWRInfiniteConfiguration<LoadedPage<T>>) },
  );
  const { mutate } = pages;
  const filters = path ? filtersOf(path, query) : '';
  const shown = pagesFor(pages.data, filters);
  const misplaced = pages.data !== undefined && shown === undefined;
  useEffect(() => {
    if (misplaced && !pages.isValidating) void mutate();
  }, [misplaced, pages.isValidating, mutate]);
  useEffect(() => {
    if (!reloaders) return undefined;
    const reload = () => void mutate();
    reloaders.add(reload);
    return () => {
      reloaders.delete(reload);
    };
  }, [mutate, reloaders]);
  const last = shown?.[shown.length - 1];
  return {
    items: shown?.flatMap((page) => page.Data),
    error: pages.error as unknown,
    isLoading: pages.isLoading || misplaced,
    isLoadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    hasMore: Boolean(last?.NextCursor),
    loadMore: () => pages.setSize(pages.size + 1),
    reload: () => pages.mutate(),
  };
};
