/**
 * The shapes of the route table and the areas' names. Each area's routes are in their own file here, so an
 * area's Lambda bundles only its own (functions/src/routes.ts joins them into the whole table).
 */
import { API_BASE_PATH, type Role } from '@nutri/shared';

/**
 * Feature areas: one Lambda each in the cloud, dispatching on the route key. Each area's entry is
 * functions/src/<area>/handler.ts; scheduled jobs run in functions/src/jobs/handler.ts.
 */
export const AREAS = [
  'system',
  'realtime',
  'accounts',
  'content',
  'nutritionists',
  'onboarding',
  'bookings',
  'billing',
  'chat',
  'payments',
  'video',
  'dashboards',
  'settings',
  'privacy',
] as const;
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

/** A path under /api/v2. */
export const api = (path: string) => `${API_BASE_PATH}/${path}`;

/** Key API Gateway REST puts in a proxy event: `GET /api/v2/health` (httpMethod + resource). */
export const restRouteKey = (method: string, resource: string) => `${method.toUpperCase()} ${resource}`;

/** One area's routes: what its Lambda dispatches on. */
export interface AreaRoutes<A extends Area = Area> {
  area: A;
  rest: readonly RestRoute[];
  webSocket: readonly WebSocketRoute[];
}
