/**
 * The pages of the app's entry, lazily loaded per area (architecture: the web app is code-split per area):
 * the public pages and the two homes `/` shows to signed-in users. The signed-in areas' pages are in
 * signed-in/pages.ts, loaded with their routes.
 */
import { lazyPage } from './lazy-page';

const homeArea = () => import('./areas/home');
const contentArea = () => import('./areas/content');
const publicArea = () => import('./areas/public');
const publicFormsArea = () => import('./areas/public-forms');
const signInArea = () => import('./areas/sign-in');
const patientArea = () => import('./areas/patient');
const nutritionistArea = () => import('./areas/nutritionist');

export const Pages = {
  Home: lazyPage(homeArea, 'HomePage'),
  Nutritionists: lazyPage(contentArea, 'NutritionistsPage'),
  NutritionistProfile: lazyPage(contentArea, 'NutritionistProfilePage'),
  Blog: lazyPage(contentArea, 'BlogPage'),
  Article: lazyPage(contentArea, 'ArticlePage'),
  Faq: lazyPage(contentArea, 'FaqPage'),
  Contact: lazyPage(publicFormsArea, 'ContactPage'),
  About: lazyPage(contentArea, 'AboutPage'),
  JoinTeam: lazyPage(publicFormsArea, 'JoinTeamPage'),
  FindNutritionist: lazyPage(publicArea, 'FindNutritionistPage'),
  Thanks: lazyPage(publicArea, 'ThanksPage'),
  VerifyEmail: lazyPage(publicArea, 'VerifyEmailPage'),
  GoogleAuth: lazyPage(publicArea, 'GoogleAuthPage'),
  PrivacyGoogleCalendar: lazyPage(contentArea, 'PrivacyGoogleCalendarPage'),
  TermsGoogleCalendar: lazyPage(contentArea, 'TermsGoogleCalendarPage'),
  NotFound: lazyPage(contentArea, 'NotFoundPage'),
  Login: lazyPage(signInArea, 'LoginPage'),
  RecoverPassword: lazyPage(signInArea, 'RecoverPasswordPage'),
  ResetPassword: lazyPage(signInArea, 'ResetPasswordPage'),
  Unsubscribe: lazyPage(signInArea, 'UnsubscribePage'),
  PatientHome: lazyPage(patientArea, 'PatientHomePage'),
  NutritionistHome: lazyPage(nutritionistArea, 'NutritionistHomePage'),
  AcceptInvitation: lazyPage(signInArea, 'AcceptInvitationPage'),
  ConfirmEmail: lazyPage(signInArea, 'ConfirmEmailPage'),
};
