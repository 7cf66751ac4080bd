/**
 * A deep link to a profile, an article, the nutritionist list or /About needs its page's chunk and then its
 * data. Requesting the data here, while the chunk downloads, saves one round trip before the page can show;
 * the answer goes into SWR's cache under the page hook's key (api/prefilled-data.ts). When the early route
 * script (./early) has already requested it, the API client adopts that request.
 */
import { prefillData } from '../api/prefilled-data';
import { getStaticContent } from '../features/content';
import { getPublicNutritionistByUrl, listPublicNutritionists } from '../features/nutritionists';
import { earlyRouteOf } from './early/early-route';

let firstRouteData: Promise<unknown> = Promise.resolve();

/**
 * Settles when the first page's data is in the cache (or its request failed). Its page's chunk waits for
 * it (lazy-page.ts), so the page renders with its data inside the app's first render, which React splits
 * into short tasks.
 */
export const firstRouteDataSettled = () => firstRouteData;

/**
 * Starts a request and fills the cache with its answer. A failure is left to the page's hook: finding no
 * data, it requests the page anew and shows the error its own way.
 */
const start = <Key extends Parameters<typeof prefillData>[0]>(
  key: Key,
  load: (key: Key) => Promise<unknown>,
) => {
  firstRouteData = load(key).then(
    (data) => prefillData(key, data),
    () => undefined,
  );
};

export const prefetchRouteData = (location: { pathname: string; search: string }) => {
  const route = earlyRouteOf(location);
  switch (route?.page) {
    case 'profile':
      start(route.key, getPublicNutritionistByUrl);
      break;
    case 'article':
    case 'about':
      start(route.key, getStaticContent);
      break;
    case 'nutritionists':
      start(route.key, listPublicNutritionists);
      break;
    default:
      break;
  }
};
