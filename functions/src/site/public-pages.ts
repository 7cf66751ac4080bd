/**
 * Which public pages the cloud keeps prerendered (docs/decisions/0034-prerendered-public-pages.md), and
 * where each copy lives in the web bucket. The same list as the prerenderer's (web/src/prerender/
 * public-pages.ts; a unit test keeps them equal); the CloudFront function that serves the copies is built
 * from it too (infra/lib/stacks/web-stack.ts). A page's path here is decoded (`/Nutritionists/elena-marino`),
 * as S3 keys and the KeyValueStore's keys are.
 */

/** The pages that are always there, in the router's own spelling (the key of their copy). */
export const FIXED_PUBLIC_PAGES = [
  '/',
  '/Nutritionists',
  '/Blog',
  '/FAQ',
  '/About',
  '/ContactUs',
  '/entra-nel-team',
  '/PrivacyGoogleCalendar',
  '/TermsAndConditionsGoogleCalendar',
] as const;

/** The parents of the pages of one item each: a nutritionist's public profile, a published article. */
export const PROFILES_PAGE = '/Nutritionists';
export const ARTICLES_PAGE = '/Blog';
export const ITEM_PAGE_PARENTS = [PROFILES_PAGE, ARTICLES_PAGE] as const;

/** The folder of the web bucket the copies are written to. */
export const PRERENDERED_FOLDER = 'prerendered';

export const profilePagePath = (friendlyUrl: string) => `${PROFILES_PAGE}/${friendlyUrl}`;
export const articlePagePath = (friendlyUrl: string) => `${ARTICLES_PAGE}/${friendlyUrl}`;

/** `prerendered/index.html` for `/`, `prerendered/Nutritionists/elena-marino.html` for a profile. */
export const prerenderedKeyOf = (path: string) =>
  `${PRERENDERED_FOLDER}/${path === '/' ? 'index' : path.slice(1)}.html`;

/** The page a key of the prerendered folder holds, or null for any other key. */
export const pathOfPrerenderedKey = (key: string): string | null => {
  const match = new RegExp(`^${PRERENDERED_FOLDER}/(.+)\\.html$`).exec(key);
  if (!match?.[1]) return null;
  return match[1] === 'index' ? '/' : `/${match[1]}`;
};

/** The URL the prerenderer is asked for: each segment encoded, as a browser would request it. */
export const urlOfPage = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** A profile's or an article's page (one segment under its parent). */
export const isItemPage = (path: string) =>
  ITEM_PAGE_PARENTS.some(
    (parent) =>
      path.startsWith(`${parent}/`) &&
      path.length > parent.length + 1 &&
      !path.slice(parent.length + 1).includes('/'),
  );
