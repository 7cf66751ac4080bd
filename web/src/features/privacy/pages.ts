/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { PrivacyCentrePage } from './pages/privacy-centre-page';
export { PrivacyRequestsPage } from './pages/privacy-requests-page';
