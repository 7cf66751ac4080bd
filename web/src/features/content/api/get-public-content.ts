/**
 * GET /api/v2/PublicStaticContent: published content, newest first, paged with NextCursor (the blog
 * shows articles only).
 */
import useSWRInfinite, { type SWRInfiniteResponse } from 'swr/infinite';
import type { ContentType, ListResponse, StaticContentSummary } from '@nutri/shared';
import { api } from '../../../api/client';
import { showErrorToast } from '../../../ui/notify';
import { contentTexts } from '../texts';
import { PUBLIC_CONTENT_PATH } from './get-home-articles';

export const BLOG_PAGE_SIZE = 12;

export interface PublicContentQuery {
  ContentType?: ContentType;
  limit?: number;
  cursor?: string | null;
}

/** Typed, not parsed with zod: the public pages' chunk stays free of the schemas (only forms need them). */
export const getPublicContent = (query: PublicContentQuery): Promise<ListResponse<StaticContentSummary>> =>
  api.get<ListResponse<StaticContentSummary>>(PUBLIC_CONTENT_PATH, {
    query: { ContentType: query.ContentType, limit: query.limit, cursor: query.cursor ?? undefined },
  });

/** SWR key of one page: null after the last page, which stops `useSWRInfinite`. */
export const publicContentPageKey =
  (contentType: ContentType, limit: number) =>
  (index: number, previous: ListResponse<StaticContentSummary> | null) => {
    if (index > 0 && !previous?.NextCursor) return null;
    return [
      PUBLIC_CONTENT_PATH,
      { ContentType: contentType, limit, cursor: index === 0 ? undefined : previous!.NextCursor! },
    ] as const;
  };

/** The blog's articles, page after page ('Carica altri' calls `loadMore`). */
export const useBlogArticles = (limit = BLOG_PAGE_SIZE) => {
  const result: SWRInfiniteResponse<ListResponse<StaticContentSummary>, unknown> = useSWRInfinite(
    publicContentPageKey('Article', limit),
    ([, query]) => getPublicContent(query),
    {
      revalidateFirstPage: false,
      revalidateOnFocus: false,
      onError: () => showErrorToast(contentTexts.cannotLoadStaticContent, { id: 'blog-articles' }),
    },
  );
  const pages = result.data ?? [];
  const articles = pages.flatMap((page) => page.Data);
  const last = pages.at(-1);
  return {
    ...result,
    articles,
    hasMore: Boolean(last?.NextCursor),
    isLoadingMore: result.isValidating && result.size > pages.length,
    loadMore: () => result.setSize(result.size + 1),
  };
};
