/**
 * Public content chunk: nutritionists, blog, static pages, FAQ, legal pages, not-found. Read-only pages
 * without zod and with only the Mantine styles they use (../../styles/content.ts), so a deep link to a
 * profile or an article loads little besides the entry.
 */
import '../../styles/content';
export { AboutPage } from '../../features/content/pages';
export { ArticlePage } from '../../features/content/pages';
export { BlogPage } from '../../features/content/pages';
export { NutritionistProfilePage } from '../../features/nutritionists/pages';
export { NutritionistsPage } from '../../features/nutritionists/pages';
export { FaqPage } from '../../features/public/pages';
export { PrivacyGoogleCalendarPage, TermsGoogleCalendarPage } from '../../features/public/pages';
export { NotFoundPage } from '../../features/public/pages';
