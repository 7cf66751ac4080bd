import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The browser's build; the prerenderer's (`vite build --ssr`, src/prerender) has no index.html or landing. */
const clientBuildOnly = (_config: unknown, env: { command: string; isSsrBuild?: boolean }) =>
  env.command === 'build' && !env.isSsrBuild;

/** The local gateway (npm start) serves the API, the realtime channel and the dev-only pages. */
const LOCAL_GATEWAY = process.env.NUTRI_GATEWAY_URL ?? 'http://localhost:3000';

/** Libraries the landing page's JavaScript must not contain (they belong to lazily loaded areas). */
const KEPT_OUT_OF_LANDING_CHUNK = ['/node_modules/zod/'];

/** Budget of the JavaScript a first visit of `/` loads to start the app (gzip, kB of 1000 bytes). */
const LANDING_JS_BUDGET_KB = 120;

/**
 * The home page's own chunks, which a prerendered `/` loads with the entry once it has painted (its page
 * and its sections below the first screen): printed beside the initial JavaScript, not counted in it.
 */
const HOME_CHUNKS = [
  { name: 'page', module: '/src/app/areas/home.ts' },
  { name: 'sections', module: '/src/features/public/pages/home-sections.tsx' },
];

/**
 * The chunks a first visit of `/` loads to start the app: the entry with the chunks it imports statically.
 * Everything else loads later: the home page's own chunks with it (after the first paint of the
 * prerendered page), other areas when opened, the phone menu on demand, the toasts with the first toast.
 */
const landingChunks = (bundle: OutputBundle): OutputChunk[] => {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = chunks.filter((chunk) => chunk.isEntry);
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  roots.forEach(visit);
  return [...seen.values()];
};

/**
 * Keeps the landing page light. After each build it prints the gzip size of the JavaScript the landing
 * page loads initially and fails above LANDING_JS_BUDGET_KB, or when a heavy library (zod) got into that
 * JavaScript, e.g. after always-loaded code imported values from the '@nutri/shared' entry (which
 * re-exports the zod schemas) instead of src/lib/shared-values.
 */
const landingChunkBudget = (): Plugin => ({
  name: 'nutri-landing-chunk-budget',
  apply: clientBuildOnly,
  // After every other plugin: the sizes are those of the files served.
  writeBundle(_options, bundle) {
    const chunks = landingChunks(bundle);
    for (const chunk of chunks) {
      const offenders = Object.keys(chunk.modules).filter((id) =>
        KEPT_OUT_OF_LANDING_CHUNK.some((library) => id.replaceAll('\\', '/').includes(library)),
      );
      if (offenders.length > 0) {
        this.error(
          `${chunk.fileName} (loaded by the landing page) contains ${offenders.length} module(s) of ` +
            `${KEPT_OUT_OF_LANDING_CHUNK.join(', ')}, e.g. ${offenders[0]}. Import shared values from ` +
            'src/lib/shared-values.ts in always-loaded code and keep zod out of the home page.',
        );
      }
    }
    const gzipKB = (chunk: OutputChunk) => gzipSync(chunk.code).length / 1000;
    const sizes = chunks
      .map((chunk) => ({ file: chunk.fileName.replace(/^.*\//, ''), kb: gzipKB(chunk) }))
      .sort((a, b) => b.kb - a.kb);
    const total = sizes.reduce((sum, { kb }) => sum + kb, 0);
    const detail = sizes.map(({ file, kb }) => `${file} ${kb.toFixed(1)}`).join(', ');
    const homeChunks = HOME_CHUNKS.flatMap(({ name, module }) => {
      const chunk = Object.values(bundle).find(
        (output): output is OutputChunk =>
          output.type === 'chunk' && Boolean(output.facadeModuleId?.replaceAll('\\', '/').endsWith(module)),
      );
      return chunk ? [`${name} ${gzipKB(chunk).toFixed(1)} KB (${chunk.fileName})`] : [];
    });
    console.log(
      `\nlanding initial JS: ${total.toFixed(1)} KB gzip (budget ${LANDING_JS_BUDGET_KB} KB; ${sizes.length} files: ${detail})` +
        `\nthe home page's own chunks, gzip: ${homeChunks.join(', ')}`,
    );
    if (total > LANDING_JS_BUDGET_KB) {
      this.error(
        `The landing page loads ${total.toFixed(1)} KB of JavaScript (gzip) before it shows, over the ${LANDING_JS_BUDGET_KB} KB budget.`,
      );
    }
  },
});

/**
 * Inlines the entry stylesheet (Mantine's base and the shell's and landing page's components, ~11 KB gzip)
 * into index.html: the first paint then waits for one request (the HTML) instead of two. The CSP allows
 * inline styles (style-src 'unsafe-inline', which Mantine needs anyway).
 */
const inlineEntryCss = (): Plugin => ({
  name: 'nutri-inline-entry-css',
  apply: clientBuildOnly,
  transformIndexHtml: {
    order: 'post',
    handler(html, context) {
      if (!context.bundle) return html;
      const bundle = context.bundle;
      return html.replace(
        /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
        (tag, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return tag;
          const css =
            typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
        },
      );
    },
  },
});

/** A script of web/src/features (not a style). */
const FEATURE_SCRIPT = /[\\/]web[\\/]src[\\/]features[\\/].+\.tsx?$/;

/** Origin the site is served from (the deployment's publicBaseUrl; infra/lib/settings.ts has the same default). */
const PUBLIC_BASE_URL = (process.env.NUTRI_PUBLIC_BASE_URL ?? 'https://nutri.example').replace(/\/+$/, '');

/**
 * robots.txt must name the sitemap with an absolute URL (crawlers and Lighthouse refuse a path): the
 * build writes the public origin into public/robots.txt's `Sitemap:` line.
 */
const robotsSitemap = (): Plugin => ({
  name: 'nutri-robots-sitemap',
  apply: clientBuildOnly,
  writeBundle(options) {
    const file = join(options.dir ?? join(import.meta.dirname, 'dist'), 'robots.txt');
    if (!existsSync(file)) return;
    const text = readFileSync(file, 'utf8').replace(
      /^Sitemap: .*$/m,
      `Sitemap: ${PUBLIC_BASE_URL}/sitemap.xml`,
    );
    writeFileSync(file, text);
  },
});

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), landingChunkBudget(), inlineEntryCss(), robotsSitemap()],
  build: {
    outDir: 'dist',
    // Which chunk and styles each module needs: the prerenderer puts a page's own into its head.
    manifest: true,
    // Hashed files under /static/: served immutable by CloudFront and the local gateway; /media/ is the
    // assets bucket (docs/decisions/0001).
    assetsDir: 'static',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // Browsers without modulepreload (old Safari) still load everything, only without the head start:
    // the polyfill is not worth its bytes in every visitor's landing JavaScript.
    modulePreload: { polyfill: false },
    // The landing page's JavaScript has its own budget (landingChunkBudget above), so Vite's generic
    // 500 kB warning adds nothing.
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      // Features are used through their index.ts (docs/decisions/0015-area-boundaries.md). A feature module
      // has no effect of its own when imported (styles and the dayjs set-up live outside features), so one
      // whose exports nothing uses is left out with everything it imports: an index re-exporting a page that
      // uses zod must not put zod into the landing page's JavaScript. CSS keeps its effect.
      treeshake: { moduleSideEffects: [{ test: FEATURE_SCRIPT, sideEffects: false }] },
    },
  },
  server: {
    proxy: {
      '/api': { target: LOCAL_GATEWAY, changeOrigin: false },
      '/ws': { target: LOCAL_GATEWAY, ws: true, changeOrigin: false },
      '/dev': { target: LOCAL_GATEWAY, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: LOCAL_GATEWAY, changeOrigin: false },
      '/ws': { target: LOCAL_GATEWAY, ws: true, changeOrigin: false },
      '/dev': { target: LOCAL_GATEWAY, changeOrigin: false },
    },
  },
});
