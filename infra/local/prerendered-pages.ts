/**
 * The local gateway's prerendered public pages (docs/decisions/0034-prerendered-public-pages.md): the
 * prerenderer the web build writes to web/dist-ssr renders a page from the gateway's own API the first time
 * it is asked for, and again when its copy is older than REGENERATE_AFTER_MS, so a content change published
 * in the admin shows within seconds, as it does in the cloud. A page being rendered is rendered once for
 * every request waiting on it. When the prerenderer is missing or fails, the gateway serves the app's
 * index.html, which draws the page in the browser.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** How long a rendered page is served before it is rendered again from current data. */
export const REGENERATE_AFTER_MS = 3_000;

const MAX_CACHED_PAGES = 500;

interface RenderModule {
  renderPage: (
    url: string,
    options: { apiOrigin: string; publicOrigin: string; template: string; manifest: unknown },
  ) => Promise<{ html: string } | null>;
  isPrerenderedPath: (pathname: string) => boolean;
}

interface Build {
  module: RenderModule;
  template: string;
  manifest: unknown;
}

export interface PrerenderedPages {
  /** The page's HTML, or null when `pathname` is not a prerendered page or it cannot be rendered now. */
  page(pathname: string, search: string): Promise<string | null>;
}

export const createPrerenderedPages = (options: {
  webDist: string;
  apiOrigin: () => string;
  publicOrigin: () => string;
  onLog?: (line: string) => void;
}): PrerenderedPages => {
  const entry = join(options.webDist, '..', 'dist-ssr', 'render-page.js');
  const indexFile = join(options.webDist, 'index.html');
  const manifestFile = join(options.webDist, '.vite', 'manifest.json');
  let build: Promise<Build> | null = null;
  const pages = new Map<string, { html: Promise<string | null>; renderedAt: number }>();

  /**
   * The build is read once: the prerenderer's chunks import its entry by its plain URL, so it cannot be
   * loaded anew under another one (two copies of the entry would not share their state). A new web build
   * takes effect when the gateway restarts, as `npm start` does after building.
   */
  const loadBuild = (): Promise<Build | null> => {
    if (!existsSync(entry) || !existsSync(indexFile) || !existsSync(manifestFile))
      return Promise.resolve(null);
    build ??= (async () => ({
      module: (await import(pathToFileURL(entry).href)) as RenderModule,
      template: readFileSync(indexFile, 'utf8'),
      manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as unknown,
    }))();
    return build;
  };

  return {
    async page(pathname, search) {
      const current = await loadBuild();
      if (!current?.module.isPrerenderedPath(pathname)) return null;
      const url = `${pathname}${search}`;
      const cached = pages.get(url);
      if (cached && Date.now() - cached.renderedAt < REGENERATE_AFTER_MS) return cached.html;
      const html = current.module
        .renderPage(url, {
          apiOrigin: options.apiOrigin(),
          publicOrigin: options.publicOrigin(),
          template: current.template,
          manifest: current.manifest,
        })
        .then((page) => page?.html ?? null)
        .catch((error: unknown) => {
          options.onLog?.(`prerender ${pathname} failed: ${(error as Error).stack ?? String(error)}`);
          pages.delete(url);
          return null;
        });
      // Arbitrary query strings must not grow the cache without end.
      if (pages.size >= MAX_CACHED_PAGES) pages.clear();
      pages.set(url, { html, renderedAt: Date.now() });
      return html;
    },
  };
};
