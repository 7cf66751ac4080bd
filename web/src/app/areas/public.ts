/** Public area chunk: marketing and static pages. */
export { AboutPage } from '../../features/public/pages/about-page';
export { BlogPage } from '../../features/public/pages/blog-page';
export { ContactPage } from '../../features/public/pages/contact-page';
export { FaqPage } from '../../features/public/pages/faq-page';
export { FindNutritionistPage } from '../../features/public/pages/find-nutritionist-page';
export { HomePage } from '../../features/public/pages/home-page';
export { JoinTeamPage } from '../../features/public/pages/join-team-page';
export { PrivacyGoogleCalendarPage, TermsGoogleCalendarPage } from '../../features/public/pages/legal-pages';
export { NotFoundPage } from '../../features/public/pages/not-found-page';
export { NutritionistsPage } from '../../features/public/pages/nutritionists-page';
