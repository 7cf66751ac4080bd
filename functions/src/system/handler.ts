/** Lambda entry of the `system` area. */
import { createAreaHandler } from '../http/area-handler';
import { systemRoutes } from '../route-table/system';
import { isSessionActive } from '../accounts/start';
import { getHealth } from './get-health';

export const handler = createAreaHandler(
  systemRoutes,
  { rest: { getHealth }, webSocket: {} },
  isSessionActive,
);
