/** Lambda entry of the `system` area. */
import { createAreaHandler } from '../http/area-handler';
import { isSessionActive } from '../accounts';
import { getHealth } from './get-health';

export const handler = createAreaHandler('system', { rest: { getHealth }, webSocket: {} }, isSessionActive);
