import './styles/shell';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchRouteData } from './app/prefetch-route-data';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

prefetchRouteData(window.location);

// A transition lets React split the first render into short tasks, so the page stays responsive while it
// draws (it replaces the app shell of index.html when done).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
