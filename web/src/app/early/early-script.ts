/**
 * The early route script: index.html loads it (async, a few kilobytes) next to the app's JavaScript, which is
 * much larger. On a deep link to a public content page it requests at once what the page needs, instead of
 * after the app has downloaded and started:
 * - the content area's JavaScript and styles (modulepreload and preload links), whose file names the build
 *   writes into __NUTRI_CONTENT_AREA_FILES__ (vite.config.ts, earlyRouteScript);
 * - the page's data, left on `window` for the app to adopt (early-handoff.ts);
 * - when the data has arrived, the page's largest image, with the srcset and sizes the page renders it with.
 * It changes nothing on the page: if it fails or is late, the app loads everything itself as before.
 */
import { srcSetOf } from '../../ui/image-srcset';
import { leaveEarlyRequest } from '../../api/early-request';
import { earlyRequestUrl, earlyRouteOf } from './early-route';
import { largestImageOf } from './largest-image';

declare const __NUTRI_CONTENT_AREA_FILES__: readonly string[];

const addLink = (attributes: Record<string, string>) => {
  const link = document.createElement('link');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.appendChild(link);
};

/**
 * Links added per task. Chrome starts each link's request while the link is inserted, a little main-thread
 * work each (3-20 ms on a throttled phone): the content area's thirty files in one go made a long task while
 * the page loads, and so did four per task.
 */
const LINKS_PER_TASK = 1;

const addLinksInTasks = (links: Record<string, string>[]) => {
  for (const link of links.slice(0, LINKS_PER_TASK)) addLink(link);
  const rest = links.slice(LINKS_PER_TASK);
  if (rest.length > 0) setTimeout(() => addLinksInTasks(rest), 0);
};

const route = earlyRouteOf(window.location);
if (route) {
  const url = earlyRequestUrl(route);
  if (url) {
    // The same request the app's API client sends for a public page (no token: these routes are public).
    // Before the links below, which are spread over several tasks: the request must not wait for them.
    const response = fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    leaveEarlyRequest({ url, response });
    response
      .then((answer) => (answer.ok ? answer.clone().json() : null))
      .then((body: unknown) => {
        const image = largestImageOf(route, body);
        if (image) {
          addLink({
            rel: 'preload',
            as: 'image',
            imagesrcset: srcSetOf(image.urls),
            imagesizes: image.sizes,
            fetchpriority: 'high',
          });
        }
      })
      .catch(() => undefined);
  }
  addLinksInTasks(
    __NUTRI_CONTENT_AREA_FILES__.map((file): Record<string, string> =>
      file.endsWith('.css')
        ? { rel: 'preload', as: 'style', href: file }
        : { rel: 'modulepreload', href: file },
    ),
  );
}
