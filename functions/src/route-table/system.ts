/** The system area's routes, all its Lambda reads at start (the whole table: functions/src/routes.ts). */
import { api, type RestRoute } from './types';

export const systemRestRoutes = [
  { method: 'GET', path: api('health'), area: 'system', operation: 'getHealth', access: 'public' },
] as const satisfies readonly RestRoute[];

export const systemRoutes = { area: 'system', rest: systemRestRoutes, webSocket: [] } as const;
