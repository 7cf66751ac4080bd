/**
 * Ending a session ends its WebSocket connections: their items go first, so no push reaches them any
 * more even if the gateway is slow to drop them, then the gateway closes them (`@connections` DELETE).
 */
import { logger } from './logger';
import { closeConnection, managementEndpoint } from './realtime';
import { deleteConnection, listUserConnections } from './connections-repo';

/** Closes the user's open connections that belong to one of `familyIds`; returns how many. */
export const closeSessionConnections = async (userId: string, familyIds: ReadonlySet<string>) => {
  if (familyIds.size === 0) return 0;
  const ended = (await listUserConnections(userId)).filter(
    (connection) => connection.familyId && familyIds.has(connection.familyId),
  );
  await Promise.all(
    ended.map(async ({ connectionId }) => {
      await deleteConnection(connectionId);
      await closeConnection(managementEndpoint(), connectionId);
    }),
  );
  if (ended.length) logger.info('Session connections closed', { userId, count: ended.length });
  return ended.length;
};
