/**
 * Writes the prerendered public pages to the web bucket (docs/decisions/0034-prerendered-public-pages.md):
 * every page of the public list (the fixed pages, every public nutritionist profile, every published
 * article), each rendered by the web build's prerenderer from the data the API serves, as
 * `prerendered/<path>.html`; the copies of profiles and articles no longer public are deleted. The
 * page list in the CloudFront KeyValueStore follows (./page-list.ts).
 *
 * The frame of each page (index.html) and the build's manifest are read from the web bucket, not shipped
 * with the Lambda: the web stack's deployment writes them there, so a page always names the entry script,
 * styles and chunks that the bucket serves, even while the two stacks are deployed one after the other.
 */
import { pathToFileURL } from 'node:url';
import { listPublishedArticleUrls } from '../content';
import { listPublicProfileUrls } from '../nutritionists';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { deleteKeys, listKeys, putObject, readObject } from '../platform/files';
import { logger } from '../platform/logger';
import {
  FIXED_PUBLIC_PAGES,
  PRERENDERED_FOLDER,
  articlePagePath,
  isItemPage,
  pathOfPrerenderedKey,
  prerenderedKeyOf,
  profilePagePath,
  urlOfPage,
} from './public-pages';

/** What the prerenderer (web/src/prerender/render-page.tsx, built to web/dist-ssr) exports. */
interface Prerenderer {
  renderPage: (
    url: string,
    options: { apiOrigin: string; publicOrigin: string; template: string; manifest: unknown },
  ) => Promise<{ html: string } | null>;
}

export interface RegenerateOptions {
  /** @default config WEB_BUCKET */
  bucket?: string;
  /** The prerenderer's module file. @default config PRERENDER_MODULE */
  prerenderer?: string;
  /** Where the pages' data is read: the public origin, whose /api/* is the API. @default PUBLIC_BASE_URL */
  apiOrigin?: string;
  /** @default config PUBLIC_PAGES_KVS_ARN (none: no list to keep) */
  pageListArn?: string;
}

export interface RegenerateReport {
  written: string[];
  removed: string[];
  failed: string[];
  /** Why nothing was done (no bucket or prerenderer configured: the local runtime renders on request). */
  skipped?: string;
}

/** Every page that should have a copy now: the same lists the API's public pages and sitemap read. */
export const listPublicPagePaths = async (): Promise<string[]> => {
  const [profiles, articles] = await Promise.all([listPublicProfileUrls(), listPublishedArticleUrls()]);
  return [
    ...FIXED_PUBLIC_PAGES,
    ...profiles.map(profilePagePath),
    ...articles.map((article) => articlePagePath(article.FriendlyUrl)),
  ];
};

const loaded = new Map<string, Promise<Prerenderer>>();
const loadPrerenderer = (file: string) => {
  let module = loaded.get(file);
  if (!module) {
    // A path known at run time only: the bundler leaves it alone, and the file ships beside the bundle.
    module = import(pathToFileURL(file).href) as Promise<Prerenderer>;
    loaded.set(file, module);
  }
  return module;
};

/**
 * Renders and writes the pages at `paths` (decoded paths, e.g. `/Blog/dieta-mediterranea`), or every
 * public page when none are given. A listed path that is no longer public (an unpublished article, a
 * profile made private) loses its copy; without `paths`, every copy that is not on the public list does.
 * Pages are rendered one at a time: the prerenderer keeps a render's head tags in module state.
 * A page that fails to render keeps its previous copy and is reported, the others go on.
 */
export const regeneratePublicPages = async (
  paths?: readonly string[],
  options: RegenerateOptions = {},
): Promise<RegenerateReport> => {
  const settings = config();
  const bucket = options.bucket ?? settings.WEB_BUCKET;
  const prerendererFile = options.prerenderer ?? settings.PRERENDER_MODULE;
  const report: RegenerateReport = { written: [], removed: [], failed: [] };
  if (!bucket || !prerendererFile) return { ...report, skipped: 'no web bucket or prerenderer configured' };
  const apiOrigin = options.apiOrigin ?? settings.PUBLIC_BASE_URL;
  const pageListArn = options.pageListArn ?? settings.PUBLIC_PAGES_KVS_ARN;

  const [prerenderer, templateFile, manifestFile, publicPaths] = await Promise.all([
    loadPrerenderer(prerendererFile),
    readObject(bucket, 'index.html'),
    readObject(bucket, '.vite/manifest.json'),
    listPublicPagePaths(),
  ]);
  const template = templateFile.toString('utf8');
  const manifest = JSON.parse(manifestFile.toString('utf8')) as unknown;
  const isPublic = new Set(publicPaths);
  const toRender = paths ? [...new Set(paths)].filter((path) => isPublic.has(path)) : publicPaths;
  const copies = (await listKeys(bucket, `${PRERENDERED_FOLDER}/`)).flatMap((key) => {
    const path = pathOfPrerenderedKey(key);
    return path ? [path] : [];
  });
  const asked = paths ? new Set(paths) : null;
  const toRemove = copies.filter(
    (path) => !isPublic.has(path) && (asked === null || (asked.has(path) && isItemPage(path))),
  );

  for (const path of toRender) {
    try {
      const page = await prerenderer.renderPage(urlOfPage(path), {
        apiOrigin,
        publicOrigin: settings.PUBLIC_BASE_URL,
        template,
        manifest,
      });
      if (!page) throw new Error('not a prerendered page');
      // no-cache: CloudFront and browsers ask again each time (a conditional request), so a change shows at once.
      await putObject(
        bucket,
        prerenderedKeyOf(path),
        Buffer.from(page.html),
        'text/html; charset=utf-8',
        'no-cache',
      );
      report.written.push(path);
    } catch (error) {
      logger.warn('Public page not prerendered', {
        path,
        reason: error instanceof Error ? error.message : String(error),
      });
      report.failed.push(path);
    }
  }
  await deleteKeys(bucket, toRemove.map(prerenderedKeyOf));
  report.removed = toRemove;

  if (pageListArn) {
    const { updatePageList } = await import('./page-list');
    await updatePageList(pageListArn, { written: report.written, removed: report.removed }, now());
  }
  return report;
};
