/**
 * The first page's data request (prefetch-route-data.ts), in a module of its own: lazy-page.ts waits for it
 * in every visit, while the prefetch itself is loaded only when the page was not prerendered.
 */
let firstRouteData: Promise<unknown> = Promise.resolve();

/**
 * Settles when the first page's data is in the cache (or its request failed). Its page's chunk waits for
 * it (lazy-page.ts), so the page renders with its data inside the app's first render, which React splits
 * into short tasks.
 */
export const firstRouteDataSettled = () => firstRouteData;

export const setFirstRouteData = (request: Promise<unknown>) => {
  firstRouteData = request;
};
