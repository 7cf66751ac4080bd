/** Every page, lazily loaded per area (architecture: the web app is code-split per area). */
import { lazyPage } from './lazy-page';

const publicArea = () => import('./areas/public');
const signInArea = () => import('./areas/sign-in');
const accountArea = () => import('./areas/account');
const patientArea = () => import('./areas/patient');
const nutritionistArea = () => import('./areas/nutritionist');
const adminArea = () => import('./areas/admin');
const usersArea = () => import('./areas/users');
const systemArea = () => import('./areas/system');
const chatArea = () => import('./areas/chat');

export const Pages = {
  Home: lazyPage(publicArea, 'HomePage'),
  Nutritionists: lazyPage(publicArea, 'NutritionistsPage'),
  Blog: lazyPage(publicArea, 'BlogPage'),
  Faq: lazyPage(publicArea, 'FaqPage'),
  Contact: lazyPage(publicArea, 'ContactPage'),
  About: lazyPage(publicArea, 'AboutPage'),
  JoinTeam: lazyPage(publicArea, 'JoinTeamPage'),
  FindNutritionist: lazyPage(publicArea, 'FindNutritionistPage'),
  PrivacyGoogleCalendar: lazyPage(publicArea, 'PrivacyGoogleCalendarPage'),
  TermsGoogleCalendar: lazyPage(publicArea, 'TermsGoogleCalendarPage'),
  NotFound: lazyPage(publicArea, 'NotFoundPage'),

  Login: lazyPage(signInArea, 'LoginPage'),
  RecoverPassword: lazyPage(signInArea, 'RecoverPasswordPage'),
  ResetPassword: lazyPage(signInArea, 'ResetPasswordPage'),
  Unsubscribe: lazyPage(signInArea, 'UnsubscribePage'),

  Profile: lazyPage(accountArea, 'ProfilePage'),
  ChangePassword: lazyPage(accountArea, 'ChangePasswordPage'),

  PatientHome: lazyPage(patientArea, 'PatientHomePage'),
  PatientAgenda: lazyPage(patientArea, 'PatientAgendaPage'),

  NutritionistHome: lazyPage(nutritionistArea, 'NutritionistHomePage'),

  AdminHome: lazyPage(adminArea, 'AdminHomePage'),
  UsersHome: lazyPage(usersArea, 'UsersHomePage'),
  SystemHome: lazyPage(systemArea, 'SystemHomePage'),
  Chat: lazyPage(chatArea, 'ChatPage'),
};
