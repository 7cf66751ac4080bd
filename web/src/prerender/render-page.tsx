/**
 * The prerenderer: renders a public page to HTML in Node from the same components the browser runs and the
 * data the API serves (docs/decisions/0034-prerendered-public-pages.md). Built on its own by `vite build
 * --ssr` (web/package.json) into dist-ssr/, and used by whoever serves the pages: the local gateway, and the
 * job that writes them to the web bucket.
 *
 * A page's data comes from its SWR hooks: a render pass records the keys it asked for and found no data
 * for, their fetchers load them from the API, and the next pass renders with them, until a pass asks for
 * nothing new. The data goes into the page as JSON, and the browser gives it to SWR as its fallback when it
 * takes the page over (hydrates it, src/main.tsx), so its first render matches the HTML.
 *
 * Pages are rendered one at a time: the page's head is collected in a module-level slot (ui/head.ts), which
 * two renders interleaving on their awaits would mix up.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { SWRConfig, unstable_serialize, type Cache, type Key, type Middleware } from 'swr';
import { setApiOrigin } from '../api/client';
import { AppProviders } from '../app/app';
import { appRoutes } from '../app/router';
import { visitSeed } from '../features/nutritionists';
import { prerenderedHead } from '../ui/head';
import { pageAssets, prerenderedPageOf, type BuildManifest } from './public-pages';
import { PRERENDERED_DATA_ID, type PrerenderedData } from './prerendered-data';
import { escapeHtml, headTags } from './head-tags';

export { isPrerenderedPath, type BuildManifest } from './public-pages';

/** Render passes at most: a page whose data needs other data first (none today) gets one pass each. */
const MAX_PASSES = 4;

/** SWR's prefix of a list hook's (useSWRInfinite) own cache entry, keyed by its first page's key. */
const INFINITE_PREFIX = '$inf$';

type Fetcher = (key: unknown) => Promise<unknown>;

export interface RenderedPage {
  /** The whole document. */
  html: string;
  /** The API's answers the page was drawn from, by SWR key, as embedded in the page. */
  data: PrerenderedData;
}

export interface RenderOptions {
  /** Origin of the API the data is read from (`http://127.0.0.1:3000`). */
  apiOrigin: string;
  /** Origin the site is public at, for canonical and Open Graph URLs. */
  publicOrigin: string;
  /** The built index.html (dist/index.html): its head, styles and scripts frame the page. */
  template: string;
  /** The build's manifest (dist/.vite/manifest.json): the page's own styles and scripts go into its head. */
  manifest: BuildManifest;
}

/** A pass's SWR: one cache for the whole render, and a record of the keys asked for without data. */
const recordingMiddleware =
  (cache: Cache, wanted: Map<string, () => Promise<unknown>>): Middleware =>
  (useSWRNext) =>
  (key, fetcher, config) => {
    const load = (fetcher ?? config.fetcher) as Fetcher | null | undefined;
    if (load && key !== null && key !== undefined && key !== false) {
      if (typeof key === 'function') {
        // A list (useSWRInfinite): its first page, stored the way the list hook reads it.
        let first: Key = null;
        try {
          first = (key as (index: number, previous: null) => Key)(0, null);
        } catch {
          first = null;
        }
        if (first !== null && first !== undefined && first !== false) {
          const id = INFINITE_PREFIX + unstable_serialize(first);
          if (cache.get(id)?.data === undefined && !wanted.has(id))
            wanted.set(id, async () => [await load(first)]);
        }
      } else {
        const id = unstable_serialize(key);
        if (cache.get(id)?.data === undefined && !wanted.has(id)) wanted.set(id, () => load(key));
      }
    }
    return useSWRNext(key, fetcher, config);
  };

const renderPass = async (url: string, cache: Cache, wanted: Map<string, () => Promise<unknown>>) => {
  prerenderedHead.current = null;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders>
        <SWRConfig value={{ provider: () => cache, use: [recordingMiddleware(cache, wanted)] }}>
          <StaticRouter location={url}>{appRoutes}</StaticRouter>
        </SWRConfig>
      </AppProviders>
    </StrictMode>,
    // The whole page inline: no boundary outlined behind its fallback, to be swapped in by a script, which
    // a visitor without JavaScript would never see.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
};

/** `<` in JSON could close the script element it is embedded in. */
const embeddableJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

const ROOT_IN_TEMPLATE = /<div id="root">[\s\S]*?<\/div>\s*<noscript>[\s\S]*?<\/noscript>/;
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The page's head: its own tags and styles, and the app started after the first paint (public/start-app.js). */
const pageHead = (template: string, head: string, manifest: BuildManifest, module: string) => {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('The template has no module script (the app entry) to start.');
  const own = pageAssets(manifest, module);
  const preload = [...[...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!), ...own.scripts];
  return [
    head,
    ...own.styles.map((href) => `    <link rel="stylesheet" href="${escapeHtml(href)}" />`),
    `    <script defer src="/start-app.js" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preload.join(' '))}"></script>`,
  ].join('\n');
};

let previousRender: Promise<unknown> = Promise.resolve();

/**
 * The page at `url` (path and query) as HTML, or null when it is not a prerendered page. Rejects when the
 * API fails (an unknown profile's 404 too): the caller then serves the app's plain index.html, which loads
 * the page in the browser.
 */
export function renderPage(url: string, options: RenderOptions): Promise<RenderedPage | null> {
  const rendered = previousRender.then(
    () => renderOne(url, options),
    () => renderOne(url, options),
  );
  previousRender = rendered.catch(() => undefined);
  return rendered;
}

async function renderOne(url: string, options: RenderOptions): Promise<RenderedPage | null> {
  const { pathname } = new URL(url, 'http://prerender.invalid');
  const page = prerenderedPageOf(pathname);
  if (!page) return null;
  if (!ROOT_IN_TEMPLATE.test(options.template))
    throw new Error('The template has no <div id="root"> followed by <noscript> to put the page in.');
  setApiOrigin(options.apiOrigin);
  const cache: Cache = new Map();
  let body = '';
  for (let pass = 1; ; pass += 1) {
    const wanted = new Map<string, () => Promise<unknown>>();
    body = await renderPass(url, cache, wanted);
    if (wanted.size === 0) break;
    if (pass === MAX_PASSES) throw new Error(`${pathname}: still loading data after ${MAX_PASSES} passes`);
    const loaded = await Promise.all([...wanted].map(async ([id, load]) => [id, await load()] as const));
    for (const [id, data] of loaded) cache.set(id, { data });
  }
  const data: PrerenderedData = {
    entries: [...cache.keys()].map((id) => [id, cache.get(id)?.data]),
    seed: visitSeed(),
  };
  const head = headTags(prerenderedHead.current ?? {}, pathname, options.publicOrigin);
  const html = options.template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta\s+name="description"[^>]*>/, '')
    // The app's scripts start after the first paint (pageHead).
    .replace(ENTRY_SCRIPT, '')
    .replaceAll(MODULE_PRELOAD, '')
    .replace('</head>', `${pageHead(options.template, head, options.manifest, page.module)}\n  </head>`)
    // The page itself in place of the app shell; the note that the site needs JavaScript no longer holds.
    .replace(
      ROOT_IN_TEMPLATE,
      `<div id="root" data-prerendered>${body}</div>\n    ` +
        `<script type="application/json" id="${PRERENDERED_DATA_ID}">${embeddableJson(data)}</script>`,
    );
  return { html, data };
}
