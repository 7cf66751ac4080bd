import { z } from 'zod';

/**
 * Messages on the realtime channel (spec section 7). The client sends `{ action, ... }`: API Gateway
 * selects the route with `$request.body.action`. The server sends `{ type, ... }`.
 */
export const REALTIME_ROUTE_SELECTION_EXPRESSION = '$request.body.action';

export const pingMessageSchema = z.object({ action: z.literal('ping') });
export type PingMessage = z.infer<typeof pingMessageSchema>;

export const pongMessageSchema = z.object({ type: z.literal('pong'), at: z.string() });
export type PongMessage = z.infer<typeof pongMessageSchema>;

export const realtimeErrorMessageSchema = z.object({
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
});
export type RealtimeErrorMessage = z.infer<typeof realtimeErrorMessageSchema>;
