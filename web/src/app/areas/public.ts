/** Public area chunk: the questionnaire and registration pages. */
import '../../styles/all';
export { FindNutritionistPage } from '../../features/onboarding/pages';
export { GoogleAuthPage } from '../../features/onboarding/pages';
export { ThanksPage } from '../../features/onboarding/pages';
export { VerifyEmailPage } from '../../features/onboarding/pages';
