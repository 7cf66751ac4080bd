/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { ChangePasswordPage } from './pages/change-password-page';
export { ProfilePage } from './pages/profile-page';
