/**
 * Public content chunk: nutritionists, blog, static pages, FAQ, legal pages, not-found. Read-only pages
 * without zod and with only the Mantine styles they use (../../styles/content.ts), so a deep link to a
 * profile or an article loads little besides the entry.
 */
import '../../styles/content';
export { AboutPage } from '../../features/content/pages/about-page';
export { ArticlePage } from '../../features/content/pages/article-page';
export { BlogPage } from '../../features/content/pages/blog-page';
export { NutritionistProfilePage } from '../../features/nutritionists/pages/nutritionist-profile-page';
export { NutritionistsPage } from '../../features/nutritionists/pages/nutritionists-page';
export { FaqPage } from '../../features/public/pages/faq-page';
export { PrivacyGoogleCalendarPage, TermsGoogleCalendarPage } from '../../features/public/pages/legal-pages';
export { NotFoundPage } from '../../features/public/pages/not-found-page';
