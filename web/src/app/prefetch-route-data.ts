/**
 * A deep link to a profile, an article, the nutritionist list or /About needs its page's chunk and then its
 * data. Requesting the data here, while the chunk downloads, saves one round trip before the page can show
 * (SWR's `preload`: the page's hook then finds the request already under way, with the same key).
 */
import { matchPath } from 'react-router-dom';
import { preload } from 'swr';
import { ABOUT_CONTENT_ID } from '../features/content/content-links';
import {
  getStaticContent,
  staticContentByUrlKey,
  staticContentKey,
} from '../features/content/api/get-static-content';
import {
  getPublicNutritionistByUrl,
  publicNutritionistByUrlKey,
} from '../features/nutritionists/api/get-public-nutritionist';
import {
  listPublicNutritionists,
  publicNutritionistsKey,
  visitSeed,
} from '../features/nutritionists/api/list-public-nutritionists';
import { paths } from '../paths';

/** Starts a request; its failure is left to the page's hook (which gets the same promise). */
const start = (request: unknown) => {
  void Promise.resolve(request).catch(() => undefined);
};

export const prefetchRouteData = ({ pathname, search }: { pathname: string; search: string }) => {
  const profile = matchPath(paths.nutritionists.profile.pattern, pathname);
  if (profile?.params.friendlyUrl) {
    start(preload(publicNutritionistByUrlKey(profile.params.friendlyUrl), getPublicNutritionistByUrl));
    return;
  }
  const article = matchPath(paths.blog.article.pattern, pathname);
  if (article?.params.friendlyUrl) {
    start(preload(staticContentByUrlKey(article.params.friendlyUrl), getStaticContent));
    return;
  }
  if (matchPath(paths.about.pattern, pathname)) {
    start(preload(staticContentKey(ABOUT_CONTENT_ID), getStaticContent));
    return;
  }
  if (matchPath(paths.nutritionists.list.pattern, pathname)) {
    const page = Number(new URLSearchParams(search).get('page') ?? '1');
    const key = publicNutritionistsKey(Number.isInteger(page) && page >= 1 ? page : 1, visitSeed());
    start(preload(key, listPublicNutritionists));
  }
};
