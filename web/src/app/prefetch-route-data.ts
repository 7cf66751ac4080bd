/**
 * A deep link to a profile, an article, the nutritionist list or /About needs its page's chunk and then its
 * data. Requesting the data here, while the chunk downloads, saves one round trip before the page can show;
 * the answer goes into SWR's cache under the page hook's key (api/prefilled-data.ts). Only for a page the
 * app draws itself: a prerendered page carries its data.
 */
import { prefillData } from '../api/prefilled-data';
import { getStaticContent } from '../features/content';
import { getPublicNutritionistByUrl, listPublicNutritionists } from '../features/nutritionists';
import { deepLinkRouteOf } from './deep-link-route';

/**
 * Starts a request and fills the cache with its answer. A failure is left to the page's hook: finding no
 * data, it requests the page anew and shows the error its own way.
 */
const start = <Key extends Parameters<typeof prefillData>[0]>(
  key: Key,
  load: (key: Key) => Promise<unknown>,
): Promise<unknown> =>
  load(key).then(
    (data) => prefillData(key, data),
    () => undefined,
  );

/** Requests the data of the page at `location`; settles when it is in the cache (or failed). */
export const prefetchRouteData = (location: { pathname: string; search: string }): Promise<unknown> => {
  const route = deepLinkRouteOf(location);
  switch (route?.page) {
    case 'profile':
      return start(route.key, getPublicNutritionistByUrl);
    case 'article':
    case 'about':
      return start(route.key, getStaticContent);
    case 'nutritionists':
      return start(route.key, listPublicNutritionists);
    default:
      return Promise.resolve();
  }
};
