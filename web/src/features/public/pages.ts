/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { ContactPage } from './pages/contact-page';
export { FaqPage } from './pages/faq-page';
export { JoinTeamPage } from './pages/join-team-page';
export { PrivacyGoogleCalendarPage, TermsGoogleCalendarPage } from './pages/legal-pages';
export { NotFoundPage } from './pages/not-found-page';
