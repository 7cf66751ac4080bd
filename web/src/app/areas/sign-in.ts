/** Sign-in chunk: login, password recovery and reset, unsubscribe links. */
import '../../styles/all';
export { LoginPage } from '../../features/auth/pages/login-page';
export { RecoverPasswordPage } from '../../features/auth/pages/recover-password-page';
export { ResetPasswordPage } from '../../features/auth/pages/reset-password-page';
export { UnsubscribePage } from '../../features/unsubscribe/pages/unsubscribe-page';
