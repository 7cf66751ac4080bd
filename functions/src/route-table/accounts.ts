/** The accounts area's routes, all its Lambda reads at start (the whole table: functions/src/routes.ts). */
import { api, type RestRoute } from './types';

export const accountsRestRoutes = [
  // Identity and accounts (docs/product.md#api, Auth and account).
  { method: 'POST', path: api('Account/Login'), area: 'accounts', operation: 'login', access: 'public' },
  { method: 'POST', path: api('Account/refresh'), area: 'accounts', operation: 'refresh', access: 'public' },
  { method: 'POST', path: api('Account/Logout'), area: 'accounts', operation: 'logout', access: 'public' },
  {
    method: 'POST',
    path: api('RefreshToken/{token}/RefreshTokenFromInstantLoginToken'),
    area: 'accounts',
    operation: 'exchangeInstantLoginToken',
    access: 'public',
  },
  {
    method: 'POST',
    path: api('UserAccount/TryResetPassword'),
    area: 'accounts',
    operation: 'tryResetPassword',
    access: 'public',
  },
  {
    method: 'POST',
    path: api('UserAccount/ResetPassword'),
    area: 'accounts',
    operation: 'resetPassword',
    access: 'public',
  },
  {
    method: 'POST',
    path: api('UserAccount/ChangePassword'),
    area: 'accounts',
    operation: 'changePassword',
    access: 'signedIn',
  },
  {
    method: 'POST',
    path: api('UserAccount/ChangeEmail'),
    area: 'accounts',
    operation: 'changeEmail',
    access: 'signedIn',
  },
  {
    method: 'GET',
    path: api('UserDetails'),
    area: 'accounts',
    operation: 'getUserDetails',
    access: 'signedIn',
  },
  {
    method: 'PATCH',
    path: api('UserDetails'),
    area: 'accounts',
    operation: 'patchUserDetails',
    access: 'signedIn',
  },
  {
    method: 'GET',
    path: api('UserDetails/Metadata'),
    area: 'accounts',
    operation: 'getUserDetailsMetadata',
    access: 'signedIn',
  },
  {
    method: 'POST',
    path: api('UserDetails/image'),
    area: 'accounts',
    operation: 'uploadUserImage',
    access: 'signedIn',
    rawBody: true,
  },
  {
    method: 'DELETE',
    path: api('UserDetails/image'),
    area: 'accounts',
    operation: 'deleteUserImage',
    access: 'signedIn',
  },
  {
    method: 'POST',
    path: api('UserDetails/RequestMobileVerificationCode'),
    area: 'accounts',
    operation: 'requestMobileVerificationCode',
    access: 'signedIn',
  },
  {
    method: 'POST',
    path: api('UserDetails/VerifyPhoneNo'),
    area: 'accounts',
    operation: 'verifyPhoneNo',
    access: 'signedIn',
  },
  {
    method: 'POST',
    path: api('Patients/Unsubscribe/{userId}'),
    area: 'accounts',
    operation: 'unsubscribe',
    access: 'public',
    // Mail clients' one-click POST (RFC 8058) sends `List-Unsubscribe=One-Click` form-encoded.
    rawBody: true,
  },
  {
    method: 'GET',
    path: api('UserManagement/Users'),
    area: 'accounts',
    operation: 'listUsers',
    access: ['UserManager', 'BusinessAdmin', 'SystemAdmin'],
  },
  // The back office's patient search (docs/product.md#patient-search).
  {
    method: 'GET',
    path: api('Patients/Search'),
    area: 'accounts',
    operation: 'searchPatients',
    access: ['BusinessAdmin'],
  },
] as const satisfies readonly RestRoute[];

export const accountsRoutes = { area: 'accounts', rest: accountsRestRoutes, webSocket: [] } as const;
