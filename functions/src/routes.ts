/**
 * The single list of every REST and WebSocket route of the product (architecture: "one route table").
 * The CDK stacks build API Gateway from it and the local gateway serves it; infra/test/route-parity.test.ts
 * proves both expose the same list. Adding an endpoint is one line here plus the operation in its area.
 */
import { API_BASE_PATH, type Role } from '@nutri/shared';

/**
 * Feature areas: one Lambda each in the cloud, dispatching on the route key. Each area's entry is
 * functions/src/<area>/handler.ts; scheduled jobs run in functions/src/jobs/handler.ts.
 */
export const AREAS = ['system', 'realtime', 'accounts'] as const;
export type Area = (typeof AREAS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, any signed-in user, or signed-in users holding one of the roles. */
export type Access = 'public' | 'signedIn' | readonly Role[];

export interface RestRoute {
  method: HttpMethod;
  /** Full path template under /api/v2, API Gateway style (`{param}`). */
  path: string;
  area: Area;
  /** Name of the operation the area's handler map implements. */
  operation: string;
  access: Access;
  /** Keep the raw body untouched (webhooks verify signatures on it). */
  rawBody?: boolean;
}

export interface WebSocketRoute {
  /** `$connect`, `$disconnect`, `$default` or the value of the message's `action`. */
  routeKey: string;
  area: Area;
  operation: string;
}

const api = (path: string) => `${API_BASE_PATH}/${path}`;

export const restRoutes = [
  { method: 'GET', path: api('health'), area: 'system', operation: 'getHealth', access: 'public' },

  // Identity and accounts (spec section 7, Auth and account).
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
  },
  {
    method: 'GET',
    path: api('UserManagement/Users'),
    area: 'accounts',
    operation: 'listUsers',
    access: ['UserManager', 'BusinessAdmin', 'SystemAdmin'],
  },
] as const satisfies readonly RestRoute[];

export const webSocketRoutes = [
  { routeKey: '$connect', area: 'realtime', operation: 'connect' },
  { routeKey: '$disconnect', area: 'realtime', operation: 'disconnect' },
  { routeKey: '$default', area: 'realtime', operation: 'unknownAction' },
  { routeKey: 'ping', area: 'realtime', operation: 'ping' },
] as const satisfies readonly WebSocketRoute[];

/** The operations an area must implement, derived from the table so a missing one fails typecheck. */
export type RestOperationsOf<A extends Area> = Extract<(typeof restRoutes)[number], { area: A }>['operation'];
export type WebSocketOperationsOf<A extends Area> = Extract<
  (typeof webSocketRoutes)[number],
  { area: A }
>['operation'];

/** Key API Gateway REST puts in a proxy event: `GET /api/v2/health` (httpMethod + resource). */
export const restRouteKey = (method: string, resource: string) => `${method.toUpperCase()} ${resource}`;

const restRoutesByKey = new Map<string, RestRoute>(
  (restRoutes as readonly RestRoute[]).map((route) => [restRouteKey(route.method, route.path), route]),
);
export const findRestRoute = (method: string, resource: string): RestRoute | undefined =>
  restRoutesByKey.get(restRouteKey(method, resource));

export const findWebSocketRoute = (routeKey: string): WebSocketRoute | undefined =>
  (webSocketRoutes as readonly WebSocketRoute[]).find((route) => route.routeKey === routeKey);
