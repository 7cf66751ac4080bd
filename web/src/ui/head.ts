/**
 * A tiny document-head manager: each page states its title, description, canonical URL and Open Graph
 * data, and this module writes them into <head> (search engines and link previews read them). Tags it
 * does not get are reset to the site defaults, so nothing of the previous page survives a navigation.
 */
import { useEffect } from 'react';

export const APP_NAME = 'Nutrì';

export const DEFAULT_TITLE = `${APP_NAME} – Il tuo nutrizionista online`;

/** Same text as the description in index.html (what crawlers see before the app runs). */
export const DEFAULT_DESCRIPTION =
  'Nutrì: il tuo nutrizionista online. Compila il questionario, scopri il professionista più adatto a te e inizia con un incontro conoscitivo gratuito.';

export interface HeadInfo {
  /** Page title; the site name is appended ('Blog · Nutrì'). null or '' gives the site's own title. */
  title?: string | null;
  description?: string | null;
  /** Path (or absolute URL) of the page's canonical address; defaults to the current path without query. */
  canonicalPath?: string;
  /** Image shown in link previews (articles, profiles); a path is made absolute. */
  image?: string | null;
  type?: 'website' | 'article' | 'profile';
  /** Keeps the page out of search results (sign-in, error pages, private areas). */
  noIndex?: boolean;
}

export const documentTitle = (title: string | null | undefined) =>
  title ? `${title} · ${APP_NAME}` : DEFAULT_TITLE;

/** Descriptions longer than this are cut by search engines anyway; cut them at a word. */
const MAX_DESCRIPTION = 160;

export const clampDescription = (text: string) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= MAX_DESCRIPTION) return clean;
  const cut = clean.slice(0, MAX_DESCRIPTION - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
};

const absolute = (pathOrUrl: string) => new URL(pathOrUrl, window.location.origin).toString();

/** Finds or creates `<meta name|property=key>` and sets its content (removes it for null). */
const setMeta = (attribute: 'name' | 'property', key: string, content: string | null) => {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
};

const setCanonical = (href: string) => {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!element) {
    element = document.createElement('link');
    element.rel = 'canonical';
    document.head.append(element);
  }
  element.href = href;
};

/** Writes the page's head tags (exported for tests; pages use `useHead`). */
export const applyHead = (info: HeadInfo) => {
  const title = documentTitle(info.title);
  const description = clampDescription(info.description || DEFAULT_DESCRIPTION);
  const canonical = absolute(info.canonicalPath ?? window.location.pathname);
  document.title = title;
  setMeta('name', 'description', description);
  setMeta('name', 'robots', info.noIndex ? 'noindex' : null);
  setCanonical(canonical);
  setMeta('property', 'og:site_name', APP_NAME);
  setMeta('property', 'og:locale', 'it_IT');
  setMeta('property', 'og:type', info.type ?? 'website');
  setMeta('property', 'og:title', info.title || DEFAULT_TITLE);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:url', canonical);
  setMeta('property', 'og:image', info.image ? absolute(info.image) : null);
  setMeta('name', 'twitter:card', info.image ? 'summary_large_image' : 'summary');
};

/**
 * The head of the page being prerendered (src/prerender), where effects never run: the first call of a
 * render pass is the page's own (the server renders parents before children).
 */
export const prerenderedHead: { current: HeadInfo | null } = { current: null };

/**
 * Sets the head of the current page. When a page and a component inside it both call it, the page wins
 * (React runs the effects of children first).
 */
export const useHead = (info: HeadInfo) => {
  if (import.meta.env.SSR) prerenderedHead.current ??= info;
  const { title, description, canonicalPath, image, type, noIndex } = info;
  useEffect(() => {
    applyHead({ title, description, canonicalPath, image, type, noIndex });
  }, [title, description, canonicalPath, image, type, noIndex]);
};
