/**
 * A REST operation is an adapter of a few lines: parse (shared zod schemas) -> domain call -> result.
 * Parsing, auth and error mapping happen once, in the area handler (area-handler.ts).
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { z } from 'zod';
import type { RestRoute } from '../routes';
import type { Actor } from './actor';

export interface OperationContext<B, Q, P> {
  body: B;
  query: Q;
  path: P;
  actor: Actor | null;
  route: RestRoute;
  event: APIGatewayProxyEvent;
  requestId: string;
}

export interface OperationSchemas<B, Q, P> {
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  path?: z.ZodType<P>;
}

/** A response other than 200 JSON: another status, headers, or a non-JSON body. */
export class HttpResponse {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const created = (body: unknown) => new HttpResponse(201, body);
export const noContent = () => new HttpResponse(204, undefined);

export interface Operation {
  schemas: OperationSchemas<unknown, unknown, unknown>;
  run: (context: OperationContext<unknown, unknown, unknown>) => Promise<unknown>;
}

export const defineOperation = <B = undefined, Q = undefined, P = undefined>(
  schemas: OperationSchemas<B, Q, P>,
  run: (context: OperationContext<B, Q, P>) => Promise<unknown>,
): Operation => ({
  schemas,
  run: run as Operation['run'],
});
