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

/** Starts a request; its failure is left to the page's hook (which gets the same promise). */
const start = (request: unknown) => {
  void Promise.resolve(request).catch(() => undefined);
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
