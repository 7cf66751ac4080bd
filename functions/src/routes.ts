/**
 * The single list of every REST and WebSocket route of the product (architecture: "one route table").
 * The CDK stacks build API Gateway from it and the local gateway serves it; infra/test/route-parity.test.ts
 * proves both expose the same list. Each area's routes are in functions/src/route-table/<area>.ts, which
 * its Lambda imports alone (other areas' routes are neither bundled nor built at its start); this file
 * joins them. Adding an endpoint is one line in its area's file plus the operation in its area.
 */
import { restRouteKey, type Area, type RestRoute, type WebSocketRoute } from './route-table/types';
import { systemRestRoutes } from './route-table/system';
import { accountsRestRoutes } from './route-table/accounts';
import { contentRestRoutes } from './route-table/content';
import { nutritionistsRestRoutes } from './route-table/nutritionists';
import { onboardingRestRoutes } from './route-table/onboarding';
import { bookingsRestRoutes } from './route-table/bookings';
import { billingRestRoutes } from './route-table/billing';
import { paymentsRestRoutes } from './route-table/payments';
import { chatRestRoutes } from './route-table/chat';
import { realtimeWebSocketRoutes } from './route-table/realtime';
import { videoRestRoutes, videoWebSocketRoutes } from './route-table/video';
import { dashboardsRestRoutes } from './route-table/dashboards';
import { settingsRestRoutes } from './route-table/settings';
import { privacyRestRoutes } from './route-table/privacy';

export {
  AREAS,
  restRouteKey,
  type Access,
  type Area,
  type AreaRoutes,
  type HttpMethod,
  type RestRoute,
  type WebSocketRoute,
} from './route-table/types';

export const restRoutes = [
  ...systemRestRoutes,
  ...accountsRestRoutes,
  ...contentRestRoutes,
  ...nutritionistsRestRoutes,
  ...onboardingRestRoutes,
  ...bookingsRestRoutes,
  ...billingRestRoutes,
  ...paymentsRestRoutes,
  ...chatRestRoutes,
  ...videoRestRoutes,
  ...dashboardsRestRoutes,
  ...settingsRestRoutes,
  ...privacyRestRoutes,
] as const satisfies readonly RestRoute[];

export const webSocketRoutes = [
  ...realtimeWebSocketRoutes,
  ...videoWebSocketRoutes,
] as const satisfies readonly WebSocketRoute[];

/** The operations an area must implement, derived from the table so a missing one fails typecheck. */
export type RestOperationsOf<A extends Area> = Extract<(typeof restRoutes)[number], { area: A }>['operation'];
export type WebSocketOperationsOf<A extends Area> = Extract<
  (typeof webSocketRoutes)[number],
  { area: A }
>['operation'];

const restRoutesByKey = new Map<string, RestRoute>(
  (restRoutes as readonly RestRoute[]).map((route) => [restRouteKey(route.method, route.path), route]),
);
export const findRestRoute = (method: string, resource: string): RestRoute | undefined =>
  restRoutesByKey.get(restRouteKey(method, resource));

export const findWebSocketRoute = (routeKey: string): WebSocketRoute | undefined =>
  (webSocketRoutes as readonly WebSocketRoute[]).find((route) => route.routeKey === routeKey);
