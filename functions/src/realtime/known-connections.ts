/**
 * The connection each action came on, as this container last read it (docs/decisions/0020-chat-hot-path.md).
 * What a connection item says (its user, chat role and session) never changes while it exists, and an
 * action arrives only on a connection the gateway still holds open, so after the first read an action
 * needs no read to know its sender. Whether the session is still on is asked on every action all the
 * same (isSessionActive, itself cached briefly): ending a session is what refuses a connection's actions.
 */
import { WEBSOCKET_LIMITS } from '@nutri/shared';
import { getConnection, type Connection } from '../platform/connections-repo';

/** Bounds the memory: at most this many connections, the least recently used dropped. */
const MAX_KNOWN = 10_000;

const known = new Map<string, Connection>();

/** Kept while the gateway may still hold the connection (it drops every connection after 2 hours). */
const stillPossible = (connection: Connection, nowMs: number) =>
  new Date(connection.connectedAt).getTime() + WEBSOCKET_LIMITS.maxConnectionMs > nowMs;

export const rememberConnection = (connection: Connection) => {
  known.delete(connection.connectionId);
  if (known.size >= MAX_KNOWN) {
    const oldest = known.keys().next().value;
    if (oldest !== undefined) known.delete(oldest);
  }
  known.set(connection.connectionId, connection);
};

export const forgetConnection = (connectionId: string) => {
  known.delete(connectionId);
};

/** The connection by id: from this container's memory, else one consistent read (remembered when it has a user). */
export const knownConnection = async (connectionId: string): Promise<Connection | null> => {
  const remembered = known.get(connectionId);
  if (remembered && stillPossible(remembered, Date.now())) return remembered;
  const connection = await getConnection(connectionId);
  if (connection?.userId) rememberConnection(connection);
  else forgetConnection(connectionId);
  return connection;
};
