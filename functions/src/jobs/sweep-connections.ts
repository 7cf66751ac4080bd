import { WEBSOCKET_LIMITS } from '@nutri/shared';
import { now } from '../platform/clock';
import { isConnectionAlive, managementEndpoint } from '../platform/realtime';
import { deleteGoneConnection, listConnectionsOldestFirst } from '../platform/connections-repo';

export interface SweepResult {
  checked: number;
  removed: number;
}

/**
 * Removes connections API Gateway has certainly dropped (older than its 2-hour maximum) and those it no
 * longer knows (410), e.g. when a `$disconnect` was lost, but not one whose `$connect` may still be running
 * (CONNECT_GRACE_MS: API Gateway answers 410 until it returns). Safe to run twice.
 */
export const sweepConnections = async (): Promise<SweepResult> => {
  const endpoint = managementEndpoint();
  const cutoff = now().getTime() - WEBSOCKET_LIMITS.maxConnectionMs;
  let checked = 0;
  let removed = 0;
  for await (const connection of listConnectionsOldestFirst()) {
    checked += 1;
    const tooOld = new Date(connection.connectedAt).getTime() < cutoff;
    if (
      (tooOld || !(await isConnectionAlive(endpoint, connection.connectionId))) &&
      (await deleteGoneConnection(connection, now()))
    )
      removed += 1;
  }
  return { checked, removed };
};
