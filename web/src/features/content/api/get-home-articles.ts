/**
 * GET /api/v2/PublicStaticContent?ids=1,2,3,5,6,10: the blog grid of the home page (docs/product.md#limits), the
 * published ones in the order asked.
 *
 * The home page is the landing chunk, which must stay small: no zod here (the response is typed, not
 * parsed); the other content pages parse with the shared schemas.
 */
import useSWR, { type SWRResponse } from 'swr';
import type { ListResponse, StaticContentSummary } from '@nutri/shared';
import { api } from '../../../api/client';
import { HOME_BLOG_CONTENT_IDS } from '../../../lib/shared-values';
import { contentTexts } from '../texts';
import { showErrorToast } from '../../../ui/notify';

export const PUBLIC_CONTENT_PATH = '/PublicStaticContent';

export const homeArticlesKey = [PUBLIC_CONTENT_PATH, { ids: HOME_BLOG_CONTENT_IDS.join(',') }] as const;

export const getHomeArticles = async (): Promise<StaticContentSummary[]> => {
  const page = await api.get<ListResponse<StaticContentSummary>>(homeArticlesKey[0], {
    query: homeArticlesKey[1],
  });
  return page.Data;
};

export const useHomeArticles = (): SWRResponse<StaticContentSummary[], unknown> =>
  useSWR(homeArticlesKey, getHomeArticles, {
    revalidateOnFocus: false,
    onError: () => showErrorToast(contentTexts.cannotLoadStaticContent, { id: 'home-articles' }),
  });
