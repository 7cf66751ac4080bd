/**
 * The public pages' routes (docs/product.md#screens). The signed-in pages' routes, with who may open each,
 * are in signed-in/route-table.ts, loaded only when a path is not a public page's.
 */
import type { ComponentType } from 'react';
import type { RouteAccess } from '../features/auth';
import { paths } from '../paths';
import { Pages } from './pages';

export interface PageRoute {
  pattern: string;
  access: RouteAccess;
  page: ComponentType;
}

export const PUBLIC_PAGE_ROUTES: readonly PageRoute[] = [
  { pattern: paths.login.pattern, access: 'public', page: Pages.Login },
  { pattern: paths.recoverPassword.pattern, access: 'public', page: Pages.RecoverPassword },
  { pattern: paths.resetPassword.pattern, access: 'public', page: Pages.ResetPassword },
  { pattern: paths.unsubscribe.pattern, access: 'public', page: Pages.Unsubscribe },
  { pattern: paths.acceptInvitation.pattern, access: 'public', page: Pages.AcceptInvitation },
  { pattern: paths.confirmEmail.pattern, access: 'public', page: Pages.ConfirmEmail },
  { pattern: paths.findNutritionist.pattern, access: 'public', page: Pages.FindNutritionist },
  { pattern: paths.thanks.pattern, access: 'public', page: Pages.Thanks },
  { pattern: paths.verifyEmail.pattern, access: 'public', page: Pages.VerifyEmail },
  { pattern: paths.googleAuth.pattern, access: 'public', page: Pages.GoogleAuth },
  { pattern: paths.nutritionists.list.pattern, access: 'public', page: Pages.Nutritionists },
  { pattern: paths.nutritionists.profile.pattern, access: 'public', page: Pages.NutritionistProfile },
  { pattern: paths.blog.list.pattern, access: 'public', page: Pages.Blog },
  { pattern: paths.blog.article.pattern, access: 'public', page: Pages.Article },
  { pattern: paths.faq.pattern, access: 'public', page: Pages.Faq },
  { pattern: paths.contact.pattern, access: 'public', page: Pages.Contact },
  { pattern: paths.about.pattern, access: 'public', page: Pages.About },
  { pattern: paths.joinTeam.pattern, access: 'public', page: Pages.JoinTeam },
  { pattern: paths.privacyGoogleCalendar.pattern, access: 'public', page: Pages.PrivacyGoogleCalendar },
  { pattern: paths.termsGoogleCalendar.pattern, access: 'public', page: Pages.TermsGoogleCalendar },
  { pattern: paths.notFound.pattern, access: 'public', page: Pages.NotFound },
];

/** Stable grouping key of an access rule ('public', 'signedIn', 'Patient', 'BusinessAdmin|UserManager'). */
export const accessKey = (access: RouteAccess) =>
  typeof access === 'string' ? access : [...access].sort().join('|');
