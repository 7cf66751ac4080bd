import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';

/** What a WebSocket route returns to API Gateway; for `$connect`, a non-2xx status refuses the connection. */
export interface WebSocketResult {
  statusCode: number;
  body?: string;
}

/** `$connect` events also carry the upgrade request's headers and query string. */
export type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined> | null;
};

export type WebSocketOperation = (event: WebSocketEvent) => Promise<WebSocketResult>;
