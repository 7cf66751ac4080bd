/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { LoginPage } from './pages/login-page';
export { RecoverPasswordPage } from './pages/recover-password-page';
export { ResetPasswordPage } from './pages/reset-password-page';
export { AcceptInvitationPage } from './pages/accept-invitation-page';
export { ConfirmEmailPage } from './pages/confirm-email-page';
