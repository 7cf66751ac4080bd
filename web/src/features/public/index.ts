/** What other features and the app use of this feature. */
export { HomePage } from './pages/home-page';
