/**
 * Time-dependent rules on the running stack: the stack's own clock cannot be moved (the local gateway has
 * no endpoint for it, and tests share the stack), so these helpers move the clock of this process
 * (platform/clock.ts) and call the API's Lambda handler here, through the local router exactly as the
 * gateway does. The handler works on the stack's table, files and mail like the stack itself.
 */
import type { APIGatewayProxyResult } from 'aws-lambda';
import { stack } from './api';

// Pushes from this process go to the stack's WebSocket gateway, as in the stack itself.
process.env.WS_MANAGEMENT_ENDPOINT ??= `${stack.baseUrl}/ws`;

const clock = () => import('../../../functions/src/platform/clock');

/** Moves this process's clock so that now() is `instant` (plus the little time that passes after). */
export const setNow = async (instant: Date) => (await clock()).setClockOffset(instant.getTime() - Date.now());

/** Puts this process's clock back to the machine's. */
export const resetNow = async () => (await clock()).setClockOffset(0);

/**
 * Calls the REST API's Lambda handler in this process (so it sees this process's clock), as the local
 * gateway would for `method /api/v2/<path>`.
 */
export const handlerApi = async <T>(method: string, path: string, token: string, body?: unknown) => {
  const { createRestRouter } = await import('../../../infra/local/router');
  const { restEvent } = await import('../../../infra/local/events');
  const { invokeArea } = await import('../../../infra/local/handlers');
  const url = new URL(`${stack.baseUrl}/api/v2/${path}`);
  const match = createRestRouter().match(method, url.pathname);
  if (!match || match === 'methodNotAllowed') throw new Error(`no route ${method} ${path}`);
  const result = (await invokeArea(
    match.route.area,
    restEvent({
      method,
      path: url.pathname,
      resource: match.route.path,
      pathParameters: match.pathParameters,
      query: url.searchParams,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
      sourceIp: '127.0.0.1',
    }),
  )) as APIGatewayProxyResult;
  return { status: result.statusCode, body: JSON.parse(result.body || 'null') as T };
};

/** Calls the handler as `handlerApi` does, with this process's clock at `instant` for that call only. */
export const handlerApiAt = async <T>(
  instant: Date,
  method: string,
  path: string,
  token: string,
  body?: unknown,
) => {
  await setNow(instant);
  try {
    return await handlerApi<T>(method, path, token, body);
  } finally {
    await resetNow();
  }
};
