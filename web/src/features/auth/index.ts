/** What other features and the app use of this feature. */
export { exchangeInstantLoginToken } from './api/exchange-instant-login-token';
export { USER_DETAILS_KEY } from './api/get-user-details';
export { AuthProvider, useAuth } from './auth-context';
export { InstantLogin } from './components/instant-login';
export { RequireAccess } from './components/require-access';
export { GoogleSignInButton } from './google/google-sign-in-button';
export { homeKindFor, type RouteAccess } from './guard';
/** Whether this browser holds a session (remembered or of this tab) at start-up. */
export { hasStoredSession } from './session';
