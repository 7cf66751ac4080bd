import * as z from 'zod';

/**
 * Messages on the realtime channel (docs/product.md#api). The client sends `{ action, ... }`: API Gateway
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

/**
 * `/runtime-config.json`: what the web app reads at start that is only known once deployed (the WebSocket
 * URL of the realtime stack). The web stack deploys it next to index.html; the local gateway serves the
 * same shape for its own `/ws`.
 */
export const RUNTIME_CONFIG_FILE = 'runtime-config.json';

export const runtimeConfigSchema = z.object({ realtimeUrl: z.string().min(1) });
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const runtimeConfig = (realtimeUrl: string): RuntimeConfig => ({ realtimeUrl });
