/** Sign-in chunk: login, password recovery and reset, unsubscribe links. */
import '../../styles/all';
export { LoginPage } from '../../features/auth/pages';
export { RecoverPasswordPage } from '../../features/auth/pages';
export { ResetPasswordPage } from '../../features/auth/pages';
export { UnsubscribePage } from '../../features/unsubscribe/pages';
export { AcceptInvitationPage } from '../../features/auth/pages';
export { ConfirmEmailPage } from '../../features/auth/pages';
