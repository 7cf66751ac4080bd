/**
 * WebSocket connections. Per connection, written and removed together:
 * - `CONN#<connectionId>` / `CONN`: the connection by id (the user and chat role of a message's sender),
 *   gsi3 `CONNECTIONS` / `<connectedAt>#<id>` (all connections oldest first, for the sweep job);
 * - its entry in the user's item `USER#<userId>` / `CONNECTIONS`: one attribute `CONN#<connectionId>` per
 *   open connection (the connection itself), so pushing to every tab of both members of a conversation is
 *   one strongly consistent BatchGetItem of two items (docs/decisions/0020-chat-hot-path.md). A gsi would
 *   do the listing too, but gsi reads are eventually consistent: a push just after a tab opened could miss
 *   that tab, and nothing would tell it. The item's `expiresAt` is the newest connection's (TTL removes it
 *   once every connection in it is past its 2 hours); entries past theirs are left out on read.
 * Access patterns: get or delete one connection by id; list the connections of one or more users
 * (consistent); list all connections oldest first.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WEBSOCKET_LIMITS, type ChatRole } from '@nutri/shared';
import { batchGet } from './db/batch-get';
import { db, tableName, toEpochSeconds } from './db/client';
import { writtenIfConditionHolds } from './db/conditional';
import { queryAll } from './db/query';
import { transact, type TransactItem } from './db/transact';

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
const userKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'CONNECTIONS' });
/** The attribute of the user's item that holds one connection. */
const ENTRY_PREFIX = 'CONN#';
const entryName = (connectionId: string) => `${ENTRY_PREFIX}${connectionId}`;

/** Transactions on a user's item collide when tabs of the user open or close at the same moment: retried. */
const MAX_CONTENDED_ATTEMPTS = 8;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Full jitter, growing: tabs that collided once spread out. */
const contendedPause = (attempt: number) => pause(Math.random() * Math.min(200, 10 * 2 ** attempt));

/** Commits `items`; a collision with another writer of the same items is tried again. */
const transactRetried = async (items: Parameters<typeof transact<'refused' | 'contended'>>[0]) => {
  for (let attempt = 1; ; attempt += 1) {
    const failure = await transact(items, { contended: 'contended' as const });
    if (failure !== 'contended' || attempt >= MAX_CONTENDED_ATTEMPTS) return failure;
    await contendedPause(attempt);
  }
};

/** The user's item gains the connection (and the item's expiry becomes the newest connection's). */
const addEntry = (connection: Connection & { userId: string }, expiresAt: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: userKey(connection.userId),
    UpdateExpression: 'SET #entry = :connection, #type = :type, expiresAt = :expiresAt',
    ExpressionAttributeNames: { '#entry': entryName(connection.connectionId), '#type': 'type' },
    ExpressionAttributeValues: {
      ':connection': { ...connection, role: connection.role ?? null, familyId: connection.familyId ?? null },
      ':type': 'UserConnections',
      ':expiresAt': expiresAt,
    },
  },
});

/** The user's item loses the connection (a no-op when it is not there). */
const removeEntry = (userId: string, connectionId: string) => ({
  TableName: tableName(),
  Key: userKey(userId),
  UpdateExpression: 'REMOVE #entry',
  ExpressionAttributeNames: { '#entry': entryName(connectionId) },
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
      ? [{ item: addEntry({ ...connection, userId: connection.userId }, item.expiresAt) }]
      : []),
    ...also.map((item) => ({ item, failure: 'refused' as const })),
  ];
  // A new connection's items collide with another tab of the user opening or closing at that moment, or
  // with a write to what `also` checks (a session being refreshed): tried again.
  return (await transactRetried(items)) === null;
};

/** Removes the entry; a user without an item (nothing to remove) gets no empty one. */
const deleteUserEntry = async (userId: string, connectionId: string) => {
  await writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        ...removeEntry(userId, connectionId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );
};

/**
 * Deletes one connection by id, with its entry in the user's item (idempotent); `also` names items written
 * in one transaction with that entry's removal (e.g. an outbox item saying who left). Two calls. Returns
 * the connection deleted, if any.
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
  if (removed.userId && extra.length) {
    const failure = await transactRetried([
      { item: { Update: removeEntry(removed.userId, connectionId) } },
      ...extra.map((item) => ({ item })),
    ]);
    if (failure) throw new Error(`Removing connection ${connectionId} kept colliding (${failure})`);
  } else if (removed.userId) await deleteUserEntry(removed.userId, connectionId);
  return removed;
};

/**
 * After a 410: deletes the connection unless it is younger than CONNECT_GRACE_MS (its `$connect` may
 * still be running). Returns whether it was deleted.
 */
export const deleteGoneConnection = async (connection: Connection, now: Date) => {
  if (new Date(connection.connectedAt).getTime() > now.getTime() - CONNECT_GRACE_MS) return false;
  await deleteConnection(connection.connectionId);
  // The user's entry too, even if the connection's own item was already gone (a half-done delete).
  if (connection.userId) await deleteUserEntry(connection.userId, connection.connectionId);
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

/** Whether the gateway may still hold the connection (it drops every connection after 2 hours). */
const stillOpen = (connection: Connection, nowMs: number) =>
  new Date(connection.connectedAt).getTime() + WEBSOCKET_LIMITS.maxConnectionMs > nowMs;

/** The open connections in a user's item, ordered by id. */
const entriesOf = (item: Record<string, unknown> | undefined, nowMs: number): Connection[] =>
  Object.entries(item ?? {})
    .filter(([name]) => name.startsWith(ENTRY_PREFIX))
    .map(([, value]) => toConnection(value as Record<string, unknown>))
    .filter((connection) => stillOpen(connection, nowMs))
    .sort((a, b) => (a.connectionId < b.connectionId ? -1 : a.connectionId > b.connectionId ? 1 : 0));

// List one user's open connections (table `USER#<userId>` / `CONNECTIONS`, strongly consistent).
export const listUserConnections = async (userId: string): Promise<Connection[]> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: userKey(userId), ConsistentRead: true }),
  );
  return entriesOf(Item, Date.now());
};

/** The open connections of several users (one strongly consistent BatchGetItem per 100 users). */
export const listConnectionsOfUsers = async (
  userIds: readonly string[],
): Promise<Map<string, Connection[]>> => {
  const unique = [...new Set(userIds)];
  const items = unique.length ? await batchGet(unique.map(userKey), { consistentRead: true }) : [];
  const nowMs = Date.now();
  const byPk = new Map(items.map((item) => [String(item.pk), item]));
  return new Map(unique.map((userId) => [userId, entriesOf(byPk.get(userKey(userId).pk), nowMs)]));
};

// Get one connection by id (table key; consistent: the first action can follow `$connect` at once).
export const getConnection = async (connectionId: string): Promise<Connection | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: key(connectionId), ConsistentRead: true }),
  );
  return Item ? toConnection(Item) : null;
};
