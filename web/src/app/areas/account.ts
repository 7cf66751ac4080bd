/** Account chunk (any signed-in user). */
import '../../styles/all';
export { ChangePasswordPage } from '../../features/account/pages';
export { ProfilePage } from '../../features/account/pages';
export { PrivacyCentrePage } from '../../features/privacy/pages';
