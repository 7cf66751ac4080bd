/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { LoginPage } from './pages/login-page';
export { RecoverPasswordPage } from './pages/recover-password-page';
export { ResetPasswordPage } from './pages/reset-password-page';
