/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { FindNutritionistPage } from './pages/find-nutritionist-page';
export { GoogleAuthPage } from './pages/google-auth-page';
export { NutritionistPrivacyPage, ServicePrivacyPage } from './pages/privacy-contract-page';
export { ThanksPage } from './pages/thanks-page';
export { VerifyEmailPage } from './pages/verify-email-page';
