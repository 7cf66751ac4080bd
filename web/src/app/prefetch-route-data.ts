/**
 * A deep link to a profile, an article, the nutritionist list or /About needs its page's chunk and then its
 * data. Requesting the data here, while the chunk downloads, saves one round trip before the page can show
 * (SWR's `preload`: the page's hook then finds the request already under way, with the same key). When the
 * early route script (./early) has already requested it, the API client adopts that request.
 */
import { preload } from 'swr';
import { getStaticContent } from '../features/content/api/get-static-content';
import { getPublicNutritionistByUrl } from '../features/nutritionists/api/get-public-nutritionist';
import { listPublicNutritionists } from '../features/nutritionists/api/list-public-nutritionists';
import { earlyRouteOf } from './early/early-route';

let firstRouteData: Promise<unknown> = Promise.resolve();

/**
 * Settles when the first page's data has arrived (or failed). Its page's chunk waits for it (lazy-page.ts):
 * the page then renders with its data inside the app's first render, which React splits into short tasks.
 * Data arriving after the page had rendered would be one synchronous render of the whole page (SWR
 * updates through useSyncExternalStore, which React never splits), a long task while the page loads.
 */
export const firstRouteDataSettled = () => firstRouteData;

/** Starts a request; its failure is left to the page's hook (which gets the same promise). */
const start = (request: unknown) => {
  firstRouteData = Promise.resolve(request).catch(() => undefined);
};

export const prefetchRouteData = (location: { pathname: string; search: string }) => {
  const route = earlyRouteOf(location);
  switch (route?.page) {
    case 'profile':
      start(preload(route.key, getPublicNutritionistByUrl));
      break;
    case 'article':
    case 'about':
      start(preload(route.key, getStaticContent));
      break;
    case 'nutritionists':
      start(preload(route.key, listPublicNutritionists));
      break;
    default:
      break;
  }
};
