/** What other features and the app use of this feature. */
export { QuestionnaireCta } from './pages/cta-card';
export { HomePage } from './pages/home-page';
