/**
 * WebSocket connections. Item: pk `CONN#<connectionId>`, sk `CONN`.
 * Access patterns:
 * - get or delete one connection by id (table key; the user and chat role of a message's sender);
 * - list a user's connections, to push to every tab (gsi1: `USER#<userId>` / `CONN#<connectionId>`);
 * - list all connections oldest first, for the sweep job (gsi3: `CONNECTIONS` / `<connectedAt>#<id>`).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { WEBSOCKET_LIMITS, type ChatRole } from '@nutri/shared';
import { db, tableName, toEpochSeconds } from '../platform/db/client';
import { queryAll } from '../platform/db/query';

export interface Connection {
  connectionId: string;
  userId: string | null;
  /** The chat role the connection's ticket was issued for (null for connections of older code). */
  role?: ChatRole | null;
  connectedAt: string;
}

const key = (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'CONN' });

// Store a new connection (API Gateway drops it after 2 h; expiresAt lets TTL clean up the cloud table).
export const putConnection = async (connection: Connection) => {
  const connectedAt = new Date(connection.connectedAt);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...key(connection.connectionId),
        type: 'Connection',
        ...connection,
        ...(connection.userId
          ? { gsi1pk: `USER#${connection.userId}`, gsi1sk: `CONN#${connection.connectionId}` }
          : {}),
        gsi3pk: 'CONNECTIONS',
        gsi3sk: `${connection.connectedAt}#${connection.connectionId}`,
        expiresAt: toEpochSeconds(connectedAt) + WEBSOCKET_LIMITS.maxConnectionMs / 1000,
      },
    }),
  );
};

// Delete one connection by id (idempotent).
export const deleteConnection = async (connectionId: string) => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key(connectionId) }));
};

const toConnection = (item: Record<string, unknown>): Connection => ({
  connectionId: String(item.connectionId),
  userId: typeof item.userId === 'string' ? item.userId : null,
  role: item.role === 'Patient' || item.role === 'Nutritionist' ? item.role : null,
  connectedAt: String(item.connectedAt),
});

// List every connection, oldest first (gsi3 partition CONNECTIONS), page by page.
export async function* listConnectionsOldestFirst(): AsyncGenerator<Connection> {
  for await (const item of queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': 'CONNECTIONS' },
  })) {
    yield toConnection(item);
  }
}

// List one user's open connections (gsi1 partition USER#<userId>).
export const listUserConnections = async (userId: string): Promise<Connection[]> => {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'CONN#' },
    }),
  );
  return (page.Items ?? []).map(toConnection);
};

// Get one connection by id (table key).
export const getConnection = async (connectionId: string): Promise<Connection | null> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key(connectionId) }));
  return Item ? toConnection(Item) : null;
};
