/**
 * The static copy of a page for `npm run bench:web`: the HTML the server answers for it with every script
 * taken out, CSS and images kept. Lighthouse on the copy measures what the page would score if its
 * JavaScript cost nothing, so the gap between the two is what the scripts cost (and the copy's own score
 * is the ceiling the host and the network model allow).
 */

/** The query parameter that asks the bench proxy for a page's static copy instead of the page. */
export const STATIC_COPY_MARKER = 'nutri-static-copy';

/**
 * Splits a request target (`/path?query`) into the target to ask the server for and whether the static
 * copy was asked for (the marker is dropped, the rest of the query kept as it was written).
 */
export const readStaticCopyRequest = (target: string): { upstreamTarget: string; staticCopy: boolean } => {
  const queryStart = target.indexOf('?');
  if (queryStart === -1) return { upstreamTarget: target, staticCopy: false };
  const parameters = target.slice(queryStart + 1).split('&');
  const kept = parameters.filter(
    (parameter) => parameter !== STATIC_COPY_MARKER && !parameter.startsWith(`${STATIC_COPY_MARKER}=`),
  );
  if (kept.length === parameters.length) return { upstreamTarget: target, staticCopy: false };
  const path = target.slice(0, queryStart);
  return { upstreamTarget: kept.length ? `${path}?${kept.join('&')}` : path, staticCopy: true };
};

/** One attribute of a start tag (quoted either way or unquoted), or undefined. */
const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
};

/** A `<link>` that fetches a script ahead of its use: modulepreload, or preload as a script. */
const isScriptPreload = (linkTag: string) => {
  const rel = (attribute(linkTag, 'rel') ?? '').toLowerCase().split(/\s+/);
  if (rel.includes('modulepreload')) return true;
  return rel.includes('preload') && (attribute(linkTag, 'as') ?? '').toLowerCase() === 'script';
};

/**
 * Comments are matched first and kept whole, so a `<script` written inside one cannot start a match that
 * swallows the markup after it. A script element ends at the first `</script` (as the HTML parser ends it),
 * whatever its type: module, classic, inline or JSON data.
 */
const MARKUP = /<!--[\s\S]*?-->|<script\b[^>]*>[\s\S]*?<\/script\s*>|<link\b[^>]*>/gi;

/** The page without its scripts: every `<script>` element and every script preload removed. */
export const stripScripts = (html: string): string =>
  html.replace(MARKUP, (markup) => {
    if (markup.startsWith('<!--')) return markup;
    if (/^<script/i.test(markup)) return '';
    return isScriptPreload(markup) ? '' : markup;
  });
