/** Public area chunk: the questionnaire and registration pages. */
import '../../styles/all';
export { FindNutritionistPage } from '../../features/onboarding/pages/find-nutritionist-page';
export { GoogleAuthPage } from '../../features/onboarding/pages/google-auth-page';
export { ThanksPage } from '../../features/onboarding/pages/thanks-page';
export { VerifyEmailPage } from '../../features/onboarding/pages/verify-email-page';
