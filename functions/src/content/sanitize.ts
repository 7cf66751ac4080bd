/**
 * The allow-list HTML policy of static content (pages and articles). Admins write the HTML, visitors read
 * it: anything that could run script, restyle the page or load third-party content is removed on the
 * server before it is stored, whatever editor produced it.
 * Kept: h2-h4, p, ul/ol/li, strong/em, a[href] (http, https, mailto; rel="noopener"), blockquote,
 * img[src, alt] (only images of our own assets, under ASSETS_BASE_URL), br. Everything else goes: tags
 * are dropped with their text kept, except script/style-like elements, which go with their content.
 */
import sanitizeHtml from 'sanitize-html';
import { DROPPED_WITH_CONTENT } from '../platform/html-policy';

/** The elements the policy keeps (exported for its tests). */
export const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'a',
  'blockquote',
  'img',
  'br',
];

/**
 * Whether an image source is one of our assets: the absolute assets URL or its root-relative path,
 * without dot segments or encoded tricks that could point elsewhere once the browser resolves them.
 */
export const isOwnAssetUrl = (src: string, assetsBaseUrl: string): boolean => {
  const base = new URL(assetsBaseUrl.endsWith('/') ? assetsBaseUrl : `${assetsBaseUrl}/`);
  const value = src.trim();
  if (
    /[\\\s]|%2e|%2f|%5c/i.test(value) ||
    value
      .split(/[?#]/)[0]!
      .split('/')
      .some((s) => s === '..' || s === '.')
  )
    return false;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return false;
  }
  const absolute = value.startsWith(base.href);
  const rootRelative = value.startsWith(base.pathname) && !value.startsWith('//');
  return (absolute || rootRelative) && url.origin === base.origin && url.pathname.startsWith(base.pathname);
};

/** Sanitizes admin-written HTML to the content policy (see the module comment). */
export const sanitizeContentHtml = (html: string, assetsBaseUrl: string): string =>
  sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    // Pasted documents often use these: keep the meaning within the allowed set.
    transformTags: {
      h1: 'h2',
      h5: 'h4',
      h6: 'h4',
      b: 'strong',
      i: 'em',
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener' },
      }),
      img: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...(attribs.src && isOwnAssetUrl(attribs.src, assetsBaseUrl) ? { src: attribs.src.trim() } : {}),
          alt: attribs.alt ?? '',
        },
      }),
    },
    // An image whose source was refused is dropped entirely rather than left as an empty element.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
    disallowedTagsMode: 'discard',
    // Raw-text elements go with their content too.
    nonTextTags: DROPPED_WITH_CONTENT,
  });
