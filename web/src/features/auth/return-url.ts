/**
 * ReturnUrl of /Login: only a path of this site may come back from the query string, so a crafted link
 * cannot send a freshly signed-in user to another site (open redirect).
 */
const FALLBACK = '/';
const PLACEHOLDER_ORIGIN = 'https://nutri.invalid';

/** Pages it makes no sense to come back to after signing in. */
const NO_RETURN = /^\/(login|error\/404)(\/|$|\?|#)/i;

export const sanitizeReturnUrl = (value: string | null | undefined): string => {
  if (!value) return FALLBACK;
  const candidate = value.trim();
  // A path, not a protocol-relative URL ('//evil'), not a backslash trick ('/\evil'), no control characters.
  if (!candidate.startsWith('/') || candidate.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(candidate)) {
    return FALLBACK;
  }
  let url: URL;
  try {
    url = new URL(candidate, PLACEHOLDER_ORIGIN);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return FALLBACK;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return NO_RETURN.test(path) ? FALLBACK : path;
};
