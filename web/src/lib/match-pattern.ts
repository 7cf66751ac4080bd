/**
 * Route matching as the router does it, for code that runs without it: the app's data prefetch of a deep
 * link (app/deep-link-route.ts) and the prerenderer's list of pages (prerender/public-pages.ts).
 */
const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);

/**
 * The `:param` values when `pathname` matches `pattern` (case-insensitive and ignoring a trailing slash, as
 * the router matches), else null. For patterns without optional or splat segments (those of the public pages).
 */
export const matchPattern = (pattern: string, pathname: string): Record<string, string> | null => {
  const expected = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const value = actual[index]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
};
