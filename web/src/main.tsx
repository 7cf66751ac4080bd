import './styles/shell';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchRouteData } from './app/prefetch-route-data';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

prefetchRouteData(window.location);

// In a task of its own, after the one that evaluated the app's modules (already long on a phone): React's
// root sets up its event listeners at once. The transition lets React split the first render into short
// tasks, so the page stays responsive while it draws (it replaces the app shell of index.html when done).
setTimeout(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}, 0);
