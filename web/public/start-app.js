/*
 * Starts the app on a prerendered page (web/src/prerender/render-page.tsx) once the page has painted: the
 * page is complete without JavaScript, so its scripts need not compete with its HTML, styles and images for
 * the first paint. Loads the entry named in data-entry, with the modules in data-preload fetched alongside
 * (they would otherwise be found only once the entry has arrived).
 */
(() => {
  const script = document.currentScript;
  const entry = script?.getAttribute('data-entry');
  if (!entry) return;
  const preload = (script.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  const start = () => {
    for (const href of preload) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.append(app);
  };
  // A frame's callback runs before its paint; the task it queues runs after.
  requestAnimationFrame(() => setTimeout(start, 0));
})();
