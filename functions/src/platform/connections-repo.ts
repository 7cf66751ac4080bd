/**
 * WebSocket connections. Two items per connection, written and removed together:
 * - `CONN#<connectionId>` / `CONN`: the connection by id (the user and chat role of a message's sender),
 *   gsi3 `CONNECTIONS` / `<connectedAt>#<id>` (all connections oldest first, for the sweep job);
 * - `USER#<userId>` / `CONN#<connectionId>`: the user's connections, listed with a strongly consistent
 *   query to push to every tab. A gsi would do the listing too, but gsi reads are eventually consistent:
 *   a push just after a tab opened could miss that tab, and nothing would tell it.
 * Access patterns: get or delete one connection by id; list a user's connections (consistent); list all
 * connections oldest first.
 */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { WEBSOCKET_LIMITS, type ChatRole } from '@nutri/shared';
import { db, tableName, toEpochSeconds } from './db/client';
import { queryAll } from './db/query';
import { transact, type TransactItem } from './db/transact';

/**
 * A connection is stored during its `$connect`, and API Gateway answers 410 (gone) to pushes until that
 * `$connect` has returned (the local gateway does the same). So a 410 for a younger connection proves
 * nothing: deleting it then would orphan a tab that is about to open (no push would ever reach it again,
 * and its own actions would be refused as not signed in). 30 s covers the WebSocket API's 29 s
 * integration timeout; the sweep job removes a young connection that really was gone once it is older.
 */
export const CONNECT_GRACE_MS = 30_000;

export interface Connection {
  connectionId: string;
  userId: string | null;
  /** The chat role the connection's ticket was issued for (null for connections of older code). */
  role?: ChatRole | null;
  /** The session (refresh-token family) the connection was opened in; ending the session closes it. */
  familyId?: string | null;
  connectedAt: string;
}

const key = (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'CONN' });
const userKey = (userId: string, connectionId: string) => ({
  pk: `USER#${userId}`,
  sk: `CONN#${connectionId}`,
});

/**
 * Stores a new connection (API Gateway drops it after 2 h; expiresAt lets TTL clean up the cloud table),
 * in one transaction with `also`: conditions it depends on and items written with it (e.g. the session
 * check and an outbox item). Returns false, writing nothing, when a condition of `also` does not hold.
 */
export const putConnection = async (connection: Connection, also: readonly TransactItem[] = []) => {
  const connectedAt = new Date(connection.connectedAt);
  const item = {
    type: 'Connection',
    ...connection,
    expiresAt: toEpochSeconds(connectedAt) + WEBSOCKET_LIMITS.maxConnectionMs / 1000,
  };
  const byId = {
    TableName: tableName(),
    Item: {
      ...key(connection.connectionId),
      ...item,
      gsi3pk: 'CONNECTIONS',
      gsi3sk: `${connection.connectedAt}#${connection.connectionId}`,
    },
  };
  if (!connection.userId && !also.length) {
    await db().send(new PutCommand(byId));
    return true;
  }
  const items = [
    { item: { Put: byId } },
    ...(connection.userId
      ? [
          {
            item: {
              Put: {
                TableName: tableName(),
                Item: {
                  ...userKey(connection.userId, connection.connectionId),
                  ...item,
                  type: 'UserConnection',
                },
              },
            },
          },
        ]
      : []),
    ...also.map((item) => ({ item, failure: 'refused' as const })),
  ];
  // A new connection's items collide with nothing but a write to what `also` checks (a session being
  // refreshed at that moment): tried again a few times.
  for (let attempt = 0; ; attempt += 1) {
    const failure = await transact(items, { contended: 'contended' as const });
    if (failure !== 'contended' || attempt >= 3) return failure === null;
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
  }
};

const deleteUserItem = async (userId: string, connectionId: string) => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: userKey(userId, connectionId) }));
};

/**
 * Deletes one connection by id, both items (idempotent); `also` names items written in one transaction
 * with the user's item (e.g. an outbox item saying who left). Returns the connection deleted, if any.
 */
export const deleteConnection = async (
  connectionId: string,
  also?: (removed: Connection) => readonly TransactItem[],
): Promise<Connection | null> => {
  const { Attributes } = await db().send(
    new DeleteCommand({ TableName: tableName(), Key: key(connectionId), ReturnValues: 'ALL_OLD' }),
  );
  if (!Attributes) return null;
  const removed = toConnection(Attributes);
  const extra = also?.(removed) ?? [];
  if (removed.userId && extra.length)
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName(), Key: userKey(removed.userId, connectionId) } },
          ...extra,
        ],
      }),
    );
  else if (removed.userId) await deleteUserItem(removed.userId, connectionId);
  return removed;
};

/**
 * After a 410: deletes the connection unless it is younger than CONNECT_GRACE_MS (its `$connect` may
 * still be running). Returns whether it was deleted.
 */
export const deleteGoneConnection = async (connection: Connection, now: Date) => {
  if (new Date(connection.connectedAt).getTime() > now.getTime() - CONNECT_GRACE_MS) return false;
  await deleteConnection(connection.connectionId);
  // The user's item too, even if the connection's own item was already gone (a half-done delete).
  if (connection.userId) await deleteUserItem(connection.userId, connection.connectionId);
  return true;
};

const toConnection = (item: Record<string, unknown>): Connection => ({
  connectionId: String(item.connectionId),
  userId: typeof item.userId === 'string' ? item.userId : null,
  role: item.role === 'Patient' || item.role === 'Nutritionist' ? item.role : null,
  familyId: typeof item.familyId === 'string' ? item.familyId : null,
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

// List one user's open connections (table `USER#<userId>`, `CONN#…`, strongly consistent).
export const listUserConnections = async (userId: string): Promise<Connection[]> => {
  const items: Record<string, unknown>[] = [];
  for await (const item of queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'CONN#' },
    ConsistentRead: true,
  }))
    items.push(item);
  return items.map(toConnection);
};

// Get one connection by id (table key; consistent: the first action can follow `$connect` at once).
export const getConnection = async (connectionId: string): Promise<Connection | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: key(connectionId), ConsistentRead: true }),
  );
  return Item ? toConnection(Item) : null;
};
