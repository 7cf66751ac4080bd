/** Account chunk (any signed-in user). */
export { ChangePasswordPage } from '../../features/account/pages/change-password-page';
export { ProfilePage } from '../../features/account/pages/profile-page';
