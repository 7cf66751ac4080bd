/**
 * GET Seo/Sitemap, served as /sitemap.xml (local gateway and CloudFront): the public pages, every
 * published article and every public nutritionist profile, as absolute URLs of the public origin.
 */
import { HttpResponse, defineOperation } from '../http/operation';
import { escapeHtml } from '../platform/mail-layout';
import { config } from '../platform/config';
import { listPublishedArticleUrls } from './content-repo';

/** The public routes of docs/product.md#screens worth indexing (no sign-in, no per-visitor pages). */
export const PUBLIC_PAGES = [
  '/',
  '/Nutritionists',
  '/Blog',
  '/FAQ',
  '/About',
  '/ContactUs',
  '/entra-nel-team',
  '/Trova-il-tuo-Nutrizionista',
] as const;

export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

/** The sitemaps.org XML of the entries, each URL made absolute on `baseUrl` and escaped. */
export const buildSitemap = (baseUrl: string, entries: readonly SitemapEntry[]) => {
  const origin = baseUrl.replace(/\/+$/, '');
  const urls = entries.map(({ path, lastModified }) => {
    const location = `    <loc>${escapeHtml(`${origin}${path}`)}</loc>`;
    const modified = lastModified ? `\n    <lastmod>${escapeHtml(lastModified.slice(0, 10))}</lastmod>` : '';
    return `  <url>\n${location}${modified}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
};

/**
 * The friendly URLs of the public nutritionist profiles. They belong to the nutritionists area, which sits
 * above content (its skills are content tags), so content/handler.ts (the composition root) hands them in.
 */
export type ListPublicProfileUrls = () => Promise<readonly string[]>;

export const sitemapOperation = (listPublicProfileUrls: ListPublicProfileUrls) =>
  defineOperation('public', {}, async () => {
    const [articles, profiles] = await Promise.all([listPublishedArticleUrls(), listPublicProfileUrls()]);
    const entries: SitemapEntry[] = [
      ...PUBLIC_PAGES.map((path) => ({ path })),
      ...articles.map((article) => ({
        path: `/Blog/${encodeURIComponent(article.FriendlyUrl)}`,
        lastModified: article.UpdatedAt,
      })),
      ...profiles.map((url) => ({ path: `/Nutritionists/${encodeURIComponent(url)}` })),
    ];
    return new HttpResponse(200, buildSitemap(config().PUBLIC_BASE_URL, entries), {
      'Content-Type': 'application/xml; charset=utf-8',
      // Search engines fetch it now and then; an hour of caching spares the table without hiding news long.
      'Cache-Control': 'public, max-age=3600',
    });
  });
