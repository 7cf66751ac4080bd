/**
 * The middleware stack, built once: every feature area's Lambda is created here and
 * dispatches on the route key API Gateway puts in the event (`httpMethod` + `resource` for REST,
 * `requestContext.routeKey` for WebSocket).
 */
import middy from '@middy/core';
import httpSecurityHeaders from '@middy/http-security-headers';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  APIGatewayProxyWebsocketEventV2,
  Context,
} from 'aws-lambda';
import { errorTexts } from '@nutri/shared';
import { logger } from '../platform/logger';
import { verifyAccessToken, type AccessTokenClaims } from '../platform/tokens';
import type { restRoutes, Area, RestOperationsOf, RestRoute, WebSocketOperationsOf } from '../routes';
import { restRouteKey, type AreaRoutes, type WebSocketRoute } from '../route-table/types';
import { accessAdmits, authorize, type Actor, type ActorFor } from './actor';
import { AppError, toErrorResponse } from './errors';
import { HttpResponse, type Operation } from './operation';
import type { WebSocketOperation, WebSocketResult } from './websocket-operation';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const header = (event: APIGatewayProxyEvent, name: string) => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value ?? undefined;
  }
  return undefined;
};

/**
 * Whether the session (refresh-token family) an access token names is still on: the accounts area's
 * `isSessionActive`, passed in by each area's handler.ts (the Lambda's composition root) so the HTTP layer
 * depends on no area.
 */
export type SessionCheck = (familyId: string, userId: string) => Promise<boolean>;

/**
 * Bearer token -> actor; an invalid token, or one of a session that has ended (sign-out, password change,
 * refresh-token reuse), counts as no token (the route's access rule decides). The session check is one
 * GetItem, cached a few seconds per container (accounts/session-state.ts); a failing read is a 500, not
 * a silent sign-out.
 */
const readActor = async (
  event: APIGatewayProxyEvent,
  isSessionActive: SessionCheck,
): Promise<Actor | null> => {
  const authorization = header(event, 'authorization');
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) return null;
  let claims: AccessTokenClaims;
  try {
    claims = await verifyAccessToken(match[1]);
  } catch {
    return null;
  }
  if (!(await isSessionActive(claims.fam, claims.sub))) return null;
  return { userId: claims.sub, roles: claims.roles, family: claims.fam };
};

export const rawBodyOf = (event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>): string =>
  event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';

const parseJsonBody = (event: APIGatewayProxyEvent): unknown => {
  const raw = rawBodyOf(event);
  if (raw.trim() === '') return undefined;
  const contentType = header(event, 'content-type') ?? '';
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(contentType)) {
    throw new AppError('bad_request', 'Il contenuto deve essere inviato come application/json.');
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new AppError('invalid_json', errorTexts.invalid_json);
  }
};

const toProxyResult = (result: unknown): APIGatewayProxyResult => {
  const response =
    result instanceof HttpResponse ? result : new HttpResponse(result === undefined ? 204 : 200, result);
  const headers = { ...response.headers };
  let body = '';
  if (typeof response.body === 'string' && headers['Content-Type']) {
    body = response.body;
  } else if (response.body !== undefined) {
    body = JSON.stringify(response.body);
    headers['Content-Type'] = JSON_CONTENT_TYPE;
  }
  return { statusCode: response.statusCode, headers: { 'Cache-Control': 'no-store', ...headers }, body };
};

/** The signed-in user a line concerns, for the log viewer's search by user (docs/product.md#log-viewer). */
const userOf = (actor: Actor | null) => (actor ? { user_id: actor.userId } : {});

const errorResult = (
  error: unknown,
  event: APIGatewayProxyEvent,
  actor: Actor | null,
): APIGatewayProxyResult => {
  const response = toErrorResponse(error);
  if (response.unexpected) {
    logger.error('Unhandled error', {
      resource: event.resource,
      method: event.httpMethod,
      error: error as Error,
      ...userOf(actor),
    });
  } else {
    logger.info('Request refused', {
      resource: event.resource,
      method: event.httpMethod,
      code: response.body.code,
      ...userOf(actor),
    });
  }
  return {
    statusCode: response.status,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': 'no-store', ...response.headers },
    body: JSON.stringify(response.body),
  };
};

const dispatchRest = (
  routes: readonly RestRoute[],
  operationOf: (route: RestRoute) => Promise<Operation | undefined>,
  isSessionActive: SessionCheck,
) => {
  const routesByKey = new Map(routes.map((route) => [restRouteKey(route.method, route.path), route]));
  return async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const startedAt = Date.now();
    let actor: Actor | null = null;
    let response: APIGatewayProxyResult;
    try {
      const route = routesByKey.get(restRouteKey(event.httpMethod, event.resource));
      const operation = route ? await operationOf(route) : undefined;
      if (!route || !operation) throw new AppError('not_found');
      actor = await readActor(event, isSessionActive);
      // Past this line the actor is what the route admits, which the operation was checked to accept.
      authorize(route.access, actor);
      const { schemas } = operation;
      const body = route.rawBody ? rawBodyOf(event) : parseJsonBody(event);
      const result = await operation.run({
        body: schemas.body ? schemas.body.parse(body ?? {}) : body,
        query: schemas.query ? schemas.query.parse(event.queryStringParameters ?? {}) : undefined,
        path: schemas.path ? schemas.path.parse(event.pathParameters ?? {}) : undefined,
        actor: actor as never,
        route,
        event,
        requestId: context.awsRequestId,
      });
      response = toProxyResult(result);
    } catch (error) {
      response = errorResult(error, event, actor);
    }
    // One line per request, found by the log viewer by its id, its user or its area; the route's template
    // only (`/api/v2/x/{id}`), never the path or the query, which may carry tokens (docs/product.md#log-viewer).
    logger.info('Request handled', {
      method: event.httpMethod,
      resource: event.resource,
      status: response.statusCode,
      durationMs: Date.now() - startedAt,
      ...userOf(actor),
    });
    // The id the SystemAdmin searches the logs by, for whoever reports a failed request.
    response.headers = { ...response.headers, 'X-Request-Id': context.awsRequestId };
    return response;
  };
};

const dispatchWebSocket =
  (routes: readonly WebSocketRoute[], operations: Record<string, WebSocketOperation>) =>
  async (
    event: APIGatewayProxyWebsocketEventV2 & { headers?: Record<string, string | undefined> },
  ): Promise<WebSocketResult> => {
    const route = routes.find((candidate) => candidate.routeKey === event.requestContext.routeKey);
    const operation = route ? operations[route.operation] : undefined;
    if (!operation) {
      logger.warn('Unknown WebSocket route', { routeKey: event.requestContext.routeKey });
      return { statusCode: 404 };
    }
    try {
      return await operation(event);
    } catch (error) {
      logger.error('WebSocket operation failed', {
        routeKey: event.requestContext.routeKey,
        error: error as Error,
      });
      return { statusCode: 500 };
    }
  };

const isWebSocketEvent = (event: unknown): event is APIGatewayProxyWebsocketEventV2 =>
  typeof event === 'object' &&
  event !== null &&
  'requestContext' in event &&
  typeof (event as { requestContext?: { connectionId?: unknown } }).requestContext?.connectionId === 'string';

/**
 * An operation, or a loader of it (`lazyOperation`): a loader's module, with the zod schemas it builds and
 * the code only it uses, is read by the first request that needs it instead of at every cold start.
 */
export type OperationLoader<O> = () => Promise<O>;
type OperationOrLoader<O> = O | OperationLoader<O>;

/** A loader of one operation of a module the handler imports dynamically: `lazyOperation(() => import('./x'), 'y')`. */
export const lazyOperation =
  <M, K extends keyof M>(load: () => Promise<M>, name: K): OperationLoader<M[K]> =>
  async () =>
    (await load())[name];

type RestRouteOf<A extends Area, K> = Extract<(typeof restRoutes)[number], { area: A; operation: K }>;

/**
 * Per route, an operation written for an access rule that admits every caller the route's rule admits: a
 * `['Patient']` operation fits only patients' routes, a `signedIn` one any route requiring sign-in.
 */
export interface AreaOperations<A extends Area> {
  rest: { [K in RestOperationsOf<A>]: OperationOrLoader<Operation<ActorFor<RestRouteOf<A, K>['access']>>> };
  webSocket: Record<WebSocketOperationsOf<A>, WebSocketOperation>;
}

/** The security headers of every REST answer (middy's defaults, HSTS for two years). */
const securityHeaders = () =>
  httpSecurityHeaders({
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true, preload: true },
  });

/**
 * The security headers a handler's answer of this content type gets, for answers made outside the
 * handlers (the local gateway's own 404 and 413) to carry the same ones.
 */
export const securityHeadersFor = async (contentType: string): Promise<Record<string, string>> => {
  const request = { response: { statusCode: 200, headers: { 'Content-Type': contentType }, body: '' } };
  await securityHeaders().after?.(
    request as unknown as Parameters<NonNullable<ReturnType<typeof securityHeaders>['after']>>[0],
  );
  const headers: Record<string, string> = {};
  // Removed headers (Server, X-Powered-By) are left undefined, and vanish from a Lambda's JSON answer.
  for (const [name, value] of Object.entries(request.response.headers as Record<string, unknown>))
    if (name.toLowerCase() !== 'content-type' && (typeof value === 'string' || typeof value === 'number'))
      headers[name] = String(value);
  return headers;
};

/**
 * The same rule as AreaOperations' type, checked when the handler is created, for what a cast or an
 * `as` in an area's map could slip past the type checker: an operation whose rule does not admit every
 * caller of its route would otherwise meet a caller it was not written for.
 */
const assertAccessFit = (area: Area, route: RestRoute, operation: Operation | undefined) => {
  if (operation && !accessAdmits(operation.access, route.access))
    throw new Error(
      `Operation ${area}.${route.operation} (${JSON.stringify(operation.access)}) mounted on ${route.method} ${route.path} (${JSON.stringify(route.access)})`,
    );
};

/** The check of every operation given as such (a loaded one is checked when it is loaded). */
export const assertAccessFits = ({ area, rest }: AreaRoutes, operations: Record<string, unknown>) => {
  for (const route of rest) {
    const operation = operations[route.operation];
    if (typeof operation !== 'function') assertAccessFit(area, route, operation as Operation | undefined);
  }
};

/**
 * The Lambda handler of one feature area, dispatching on the area's own routes (functions/src/route-table/
 * <area>.ts: other areas' routes stay out of its bundle). The type requires an operation for every route of
 * the area.
 */
export const createAreaHandler = <A extends Area>(
  routes: AreaRoutes<A>,
  operations: AreaOperations<A>,
  isSessionActive: SessionCheck,
) => {
  const restOperations: Record<string, OperationOrLoader<Operation>> = operations.rest;
  assertAccessFits(routes, restOperations);
  // Per route, as the access check is: one operation may serve routes with different rules.
  const loaded = new Map<RestRoute, Promise<Operation | undefined>>();
  const operationOf = (route: RestRoute) => {
    let operation = loaded.get(route);
    if (!operation) {
      const given = restOperations[route.operation];
      operation = (typeof given === 'function' ? given() : Promise.resolve(given)).then((found) => {
        assertAccessFit(routes.area, route, found);
        return found;
      });
      // A failed load (a broken chunk) is tried again by the next request rather than cached.
      operation.catch(() => loaded.delete(route));
      loaded.set(route, operation);
    }
    return operation;
  };
  const rest = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(securityHeaders())
    .handler(dispatchRest(routes.rest, operationOf, isSessionActive));
  const webSocket = middy<APIGatewayProxyWebsocketEventV2, WebSocketResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(dispatchWebSocket(routes.webSocket, operations.webSocket as Record<string, WebSocketOperation>));

  const handler = async (event: APIGatewayProxyEvent | APIGatewayProxyWebsocketEventV2, context: Context) =>
    isWebSocketEvent(event) ? webSocket(event, context) : rest(event, context);
  /** Loads every operation and checks its access rule against its route's (the unit tests call it). */
  const loadOperations = async () => {
    for (const route of routes.rest) await operationOf(route);
  };
  return Object.assign(handler, { loadOperations });
};
