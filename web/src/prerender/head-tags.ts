/**
 * The head of a prerendered page as HTML: the same tags ui/head.ts writes in the browser (title,
 * description, canonical URL, Open Graph), so crawlers and link previews read them without running the app.
 */
import {
  APP_NAME,
  DEFAULT_DESCRIPTION,
  DEFAULT_TITLE,
  clampDescription,
  documentTitle,
  type HeadInfo,
} from '../ui/head';

/** Text for an element's content or a quoted attribute value. */
export const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export const headTags = (info: HeadInfo, pathname: string, publicOrigin: string): string => {
  const absolute = (pathOrUrl: string) => new URL(pathOrUrl, publicOrigin).toString();
  const description = clampDescription(info.description || DEFAULT_DESCRIPTION);
  const canonical = absolute(info.canonicalPath ?? pathname);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(documentTitle(info.title))}</title>`,
    meta('name', 'description', description),
    info.noIndex ? meta('name', 'robots', 'noindex') : '',
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:site_name', APP_NAME),
    meta('property', 'og:locale', 'it_IT'),
    meta('property', 'og:type', info.type ?? 'website'),
    meta('property', 'og:title', info.title || DEFAULT_TITLE),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    info.image ? meta('property', 'og:image', absolute(info.image)) : '',
    meta('name', 'twitter:card', info.image ? 'summary_large_image' : 'summary'),
  ]
    .filter(Boolean)
    .map((tag) => `    ${tag}`)
    .join('\n');
};
