import './styles/shell';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { setFirstRouteData } from './app/first-route-data';
import { hasStoredSession } from './features/auth';
import { adoptVisitSeed } from './features/nutritionists';
import { readPrerenderedData } from './prerender/prerendered-data';
import { startTakingOver } from './lib/taking-over';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

const appWith = (prerenderedData?: Record<string, unknown>) => (
  <StrictMode>
    <App prerenderedData={prerenderedData} />
  </StrictMode>
);

/**
 * A prerendered public page (src/prerender) is taken over as it is: its data is SWR's fallback, so React's
 * first render matches the HTML and React only attaches to it (no second render of the page).
 * A signed-in visitor sees the page for signed-in users instead (header, home), which the HTML does not
 * have: the app draws it anew.
 */
const prerendered = root.hasAttribute('data-prerendered') ? readPrerenderedData() : null;
if (prerendered && !hasStoredSession()) {
  adoptVisitSeed(prerendered.seed);
  startTakingOver();
  const data = Object.fromEntries(prerendered.entries);
  // In a transition: React hydrates in short tasks, yielding to the visitor's input, and hydrates first
  // whatever part the visitor interacts with.
  startTransition(() => {
    hydrateRoot(root, appWith(data));
  });
} else {
  // A deep link's data, requested while the page's chunk downloads (loaded on its own: a prerendered page
  // carries its data, and the first JavaScript of every page stays smaller).
  setFirstRouteData(
    import('./app/prefetch-route-data').then(({ prefetchRouteData }) => prefetchRouteData(window.location)),
  );
  // In a task of its own, after the one that evaluated the app's modules (already long on a phone): React's
  // root sets up its event listeners at once. The transition lets React split the first render into short
  // tasks, so the page stays responsive while it draws (it replaces the app shell of index.html when done).
  setTimeout(() => {
    startTransition(() => {
      createRoot(root).render(appWith());
    });
  }, 0);
}
