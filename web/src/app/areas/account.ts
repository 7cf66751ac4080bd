/** Account chunk (any signed-in user). */
import '../../styles/all';
export { ChangePasswordPage } from '../../features/account/pages/change-password-page';
export { ProfilePage } from '../../features/account/pages/profile-page';
