/**
 * A REST operation is an adapter of a few lines: parse (shared zod schemas) -> domain call -> result.
 * Parsing, auth and error mapping happen once, in the area handler (area-handler.ts).
 *
 * An operation names the access rule it is written for, and its context's actor follows from it: `Actor |
 * null` on a public operation, a `SignedInActor` on any other, naming the roles the rule admits. The area
 * handler only mounts an operation on routes whose own rule admits no one the operation's rule would not
 * (a type error, and a check when the handler is created), so a signed-in operation never meets a null actor.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { z } from 'zod';
import type { Access, RestRoute } from '../routes';
import type { Actor, ActorFor } from './actor';

export interface OperationContext<B, Q, P, A = Actor | null> {
  body: B;
  query: Q;
  path: P;
  actor: A;
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

/**
 * An operation for the actors `A` (see ActorFor). `run` takes its context as a parameter, so an operation
 * for signed-in patients is assignable where the route hands it only signed-in patients, never where it
 * could hand it a nutritionist or nobody.
 */
export interface Operation<A = never> {
  access: Access;
  schemas: OperationSchemas<unknown, unknown, unknown>;
  run: (context: OperationContext<unknown, unknown, unknown, A>) => Promise<unknown>;
}

export const defineOperation = <const R extends Access, B = undefined, Q = undefined, P = undefined>(
  access: R,
  schemas: OperationSchemas<B, Q, P>,
  run: (context: OperationContext<B, Q, P, ActorFor<R>>) => Promise<unknown>,
): Operation<ActorFor<R>> => ({
  access,
  schemas,
  run: run as Operation<ActorFor<R>>['run'],
});
