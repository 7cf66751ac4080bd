/**
 * Which public content page a deep link opens and the SWR key of its data: the app's data prefetch
 * (prefetch-route-data.ts) requests it while the page's chunk downloads, when the page was not prerendered.
 */
import { ABOUT_CONTENT_ID, staticContentByUrlKey, staticContentKey } from '../features/content';
import {
  listPageFrom,
  publicNutritionistByUrlKey,
  publicNutritionistsKey,
  visitSeed,
} from '../features/nutritionists';
import { matchPattern } from '../lib/match-pattern';
import { paths } from '../paths';

export type DeepLinkRoute =
  | { page: 'profile'; key: string }
  | { page: 'article'; key: string }
  | { page: 'about'; key: string }
  | { page: 'nutritionists'; key: ReturnType<typeof publicNutritionistsKey> }
  /** A content page without data to request. */
  | { page: 'static'; key: null };

/** The other pages of the content area chunk (app/areas/content.ts). */
const STATIC_CONTENT_PAGES = [
  paths.blog.list.pattern,
  paths.faq.pattern,
  paths.privacyGoogleCalendar.pattern,
  paths.termsGoogleCalendar.pattern,
];

export const deepLinkRouteOf = ({
  pathname,
  search,
}: {
  pathname: string;
  search: string;
}): DeepLinkRoute | null => {
  const profile = matchPattern(paths.nutritionists.profile.pattern, pathname)?.['friendlyUrl'];
  if (profile) return { page: 'profile', key: publicNutritionistByUrlKey(profile) };
  const article = matchPattern(paths.blog.article.pattern, pathname)?.['friendlyUrl'];
  if (article) return { page: 'article', key: staticContentByUrlKey(article) };
  if (matchPattern(paths.about.pattern, pathname))
    return { page: 'about', key: staticContentKey(ABOUT_CONTENT_ID) };
  if (matchPattern(paths.nutritionists.list.pattern, pathname))
    return {
      page: 'nutritionists',
      key: publicNutritionistsKey(listPageFrom(new URLSearchParams(search).get('page')), visitSeed()),
    };
  if (STATIC_CONTENT_PAGES.some((pattern) => matchPattern(pattern, pathname)))
    return { page: 'static', key: null };
  return null;
};
