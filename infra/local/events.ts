/**
 * API Gateway event factories (REST proxy v1 and WebSocket), used by the local gateways and by tests, so
 * a handler sees locally exactly the shape it gets in the cloud.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';

export interface RestRequest {
  method: string;
  path: string;
  resource: string;
  pathParameters: Record<string, string> | null;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  sourceIp: string;
}

const TEXT_TYPES = /^(application\/(json|[a-z.+-]*\+json|x-www-form-urlencoded|xml)|text\/)/i;

/**
 * Names come from the client (`?constructor=` or a `__proto__` header), so values are grouped in a Map and
 * the objects built with `Object.fromEntries`: own properties whatever the name, as API Gateway's JSON has.
 */
const singleAndMulti = (multi: Map<string, string[]>) => {
  const single: [string, string][] = [];
  for (const [key, values] of multi) single.push([key, values[values.length - 1]!]);
  return { single: Object.fromEntries(single), multi: Object.fromEntries(multi) };
};

const grouped = (entries: Iterable<[string, string | string[] | undefined]>) => {
  const multi = new Map<string, string[]>();
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    const values = multi.get(key);
    if (!values) multi.set(key, Array.isArray(value) ? [...value] : [value]);
    else if (Array.isArray(value)) values.push(...value);
    else values.push(value);
  }
  return multi;
};

const NO_QUERY = { single: null, multi: null };

export const restEvent = (request: RestRequest, stage = 'local'): APIGatewayProxyEvent => {
  const headers = singleAndMulti(grouped(Object.entries(request.headers)));
  // Most API calls have no query string: API Gateway passes null for both then.
  const query = request.query.size ? singleAndMulti(grouped(request.query.entries())) : NO_QUERY;
  const contentType = headers.single['content-type'] ?? '';
  // API Gateway passes binary media base64-encoded; text bodies stay as they are.
  const isText = request.body.length === 0 || TEXT_TYPES.test(contentType);
  const now = new Date();
  return {
    resource: request.resource,
    path: request.path,
    httpMethod: request.method.toUpperCase(),
    headers: headers.single,
    multiValueHeaders: headers.multi,
    queryStringParameters: query.single,
    multiValueQueryStringParameters: query.multi,
    pathParameters: request.pathParameters,
    stageVariables: null,
    body:
      request.body.length === 0
        ? null
        : isText
          ? request.body.toString('utf8')
          : request.body.toString('base64'),
    isBase64Encoded: !isText,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: request.method.toUpperCase(),
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: request.sourceIp,
        user: null,
        userAgent: headers.single['user-agent'] ?? null,
        userArn: null,
      },
      path: `/${stage}${request.path}`,
      stage,
      requestId: randomUUID(),
      requestTimeEpoch: now.getTime(),
      resourceId: 'local',
      resourcePath: request.resource,
    },
  };
};

export interface WebSocketEventInput {
  routeKey: string;
  eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT';
  connectionId: string;
  connectedAt: number;
  domainName: string;
  stage: string;
  sourceIp: string;
  body?: string;
  headers?: Record<string, string>;
  queryStringParameters?: Record<string, string> | null;
  disconnectStatusCode?: number;
  disconnectReason?: string;
}

export type LocalWebSocketEvent = Omit<APIGatewayProxyWebsocketEventV2, 'queryStringParameters'> & {
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
  queryStringParameters?: Record<string, string> | null;
};

export const webSocketEvent = (input: WebSocketEventInput): LocalWebSocketEvent => {
  const now = Date.now();
  const requestContext = {
    routeKey: input.routeKey,
    eventType: input.eventType,
    extendedRequestId: randomUUID(),
    requestTime: new Date(now).toUTCString(),
    messageDirection: 'IN' as const,
    stage: input.stage,
    connectedAt: input.connectedAt,
    requestTimeEpoch: now,
    requestId: randomUUID(),
    domainName: input.domainName,
    connectionId: input.connectionId,
    apiId: 'local',
    ...(input.eventType === 'MESSAGE' ? { messageId: randomUUID() } : {}),
    ...(input.eventType === 'DISCONNECT'
      ? {
          disconnectStatusCode: input.disconnectStatusCode ?? 1005,
          disconnectReason: input.disconnectReason ?? '',
        }
      : {}),
    identity: {
      sourceIp: input.sourceIp,
      ...(input.headers?.['user-agent'] ? { userAgent: input.headers['user-agent'] } : {}),
    },
  };
  const event: LocalWebSocketEvent = {
    requestContext: requestContext as unknown as APIGatewayProxyWebsocketEventV2['requestContext'],
    isBase64Encoded: false,
    ...(input.body !== undefined ? { body: input.body } : {}),
  };
  if (input.eventType === 'CONNECT') {
    event.headers = input.headers ?? {};
    event.multiValueHeaders = Object.fromEntries(
      Object.entries(input.headers ?? {}).map(([k, v]) => [k, [v]]),
    );
    event.queryStringParameters = input.queryStringParameters ?? null;
  }
  return event;
};

export const lambdaContext = (functionName: string): Context => {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};
