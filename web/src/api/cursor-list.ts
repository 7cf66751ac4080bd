/**
 * A cursor-paged list ("Mostra altri"): the first page, then each next one while the server returns a
 * `NextCursor`. Written once for every paged list of the app (agenda, bookings, moderation queues, reviews).
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

/** `path` null: nothing to load yet. `query` holds the list's filters and page size (`limit`). */
export const useCursorList = <T>(
  path: string | null,
  query: CursorQuery,
  fetchPage: (key: CursorListKey) => Promise<CursorListPage<T>>,
  { reloaders, ...config }: CursorListOptions<T> = {},
) => {
  const pages = useSWRInfinite<CursorListPage<T>>(
    (index, previous: CursorListPage<T> | null): CursorListKey | null => {
      if (!path || (index > 0 && !previous?.NextCursor)) return null;
      return [
        path,
        { ...query, ...(index > 0 && previous?.NextCursor ? { cursor: previous.NextCursor } : {}) },
      ];
    },
    fetchPage,
    { revalidateFirstPage: true, ...config },
  );
  const { mutate } = pages;
  useEffect(() => {
    if (!reloaders) return undefined;
    const reload = () => void mutate();
    reloaders.add(reload);
    return () => {
      reloaders.delete(reload);
    };
  }, [mutate, reloaders]);
  const last = pages.data?.[pages.data.length - 1];
  return {
    items: pages.data?.flatMap((page) => page.Data),
    error: pages.error as unknown,
    isLoading: pages.isLoading,
    isLoadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    hasMore: Boolean(last?.NextCursor),
    loadMore: () => pages.setSize(pages.size + 1),
    reload: () => pages.mutate(),
  };
};
