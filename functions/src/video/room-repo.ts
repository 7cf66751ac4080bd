/**
 * Who is in a video room now, by connection: the tab of each member that joined last (a second tab takes
 * over). Only ids and instants: nothing of the call (no signalling content, no media state) is stored.
 * - Member `VIDEOROOM#<bookingId>` / `MEMBER#<userId>`: the member's connection in the room, its session
 *   and when it joined (a frame from the room needs no read of the connection); TTL at the room's
 *   closing plus an hour (filtered on read: DynamoDB Local never deletes).
 * - Connection `VIDEOCONN#<connectionId>` / `VIDEOROOM`: the room a connection is in, so a closing
 *   connection (`$disconnect`) leaves its room without a scan. Same TTL.
 * Access patterns: the members of a room (Query on the room's partition, consistent); the room of a
 * connection (GetItem); enter, take over, leave (TransactWriteItems with the booking's presence writes).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, isExpired, tableName, toEpochSeconds } from '../platform/db/client';
import { queryAll } from '../platform/db/query';
import type { NamedItem } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';

export interface RoomMember {
  bookingId: number;
  userId: string;
  connectionId: string;
  /** The session the tab's connection was opened in: frames from the room are checked against it. */
  familyId: string | null;
  joinedAt: string;
}

/** Room items outlive the room's closing by this much, then TTL removes them. */
const KEEP_AFTER_CLOSING_SECONDS = 3600;

const roomPartition = (bookingId: number) => `VIDEOROOM#${bookingId}`;
const memberKey = (bookingId: number, userId: string) => ({
  pk: roomPartition(bookingId),
  sk: `MEMBER#${userId}`,
});
const connectionKey = (connectionId: string) => ({ pk: `VIDEOCONN#${connectionId}`, sk: 'VIDEOROOM' });

const toMember = (item: Record<string, unknown>): RoomMember => ({
  bookingId: Number(item.bookingId),
  userId: String(item.userId),
  connectionId: String(item.connectionId),
  familyId: typeof item.familyId === 'string' ? item.familyId : null,
  joinedAt: String(item.joinedAt),
});

// The members in a room now (table `VIDEOROOM#<bookingId>`, strongly consistent: a frame right after a join
// must see it), expired items left out.
export const listRoomMembers = async (bookingId: number, at: Date): Promise<RoomMember[]> => {
  const members: RoomMember[] = [];
  for await (const item of queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
    ExpressionAttributeValues: { ':pk': roomPartition(bookingId), ':member': 'MEMBER#' },
    ConsistentRead: true,
  }))
    if (!isExpired(item, at)) members.push(toMember(item));
  return members;
};

// The room a connection is in, if any (table `VIDEOCONN#<connectionId>`).
export const roomOfConnection = async (connectionId: string, at: Date): Promise<RoomMember | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: connectionKey(connectionId), ConsistentRead: true }),
  );
  return Item && !isExpired(Item, at) ? toMember(Item) : null;
};

/** Failure of a room write whose member item changed since it was read (another tab, at the same moment). */
export const roomChangedMeanwhile = () => new DomainError('conflict');

/**
 * The writes putting `member` in the room, replacing `previous` (the same user's tab that was in, read
 * just before: it is taken over) or nobody. Conditional on the member item being as read.
 */
export const enterRoomWrites = (
  member: RoomMember,
  previous: RoomMember | null,
  closesAt: Date,
): NamedItem<DomainError>[] => {
  const expiresAt = toEpochSeconds(closesAt) + KEEP_AFTER_CLOSING_SECONDS;
  const item = { type: 'VideoRoomMember', ...member, expiresAt };
  return [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...memberKey(member.bookingId, member.userId), ...item },
          ...(previous
            ? {
                ConditionExpression: 'connectionId = :previous',
                ExpressionAttributeValues: { ':previous': previous.connectionId },
              }
            : { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
      },
      failure: roomChangedMeanwhile(),
    },
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...connectionKey(member.connectionId), ...item, type: 'VideoRoomConnection' },
        },
      },
    },
    ...(previous && previous.connectionId !== member.connectionId
      ? [
          {
            item: {
              Delete: { TableName: tableName(), Key: connectionKey(previous.connectionId) },
            },
          },
        ]
      : []),
  ];
};

/** The writes taking `member` out of the room, only while it is still the member's tab in the room. */
export const leaveRoomWrites = (member: RoomMember): NamedItem<DomainError>[] => [
  {
    item: {
      Delete: {
        TableName: tableName(),
        Key: memberKey(member.bookingId, member.userId),
        ConditionExpression: 'connectionId = :mine',
        ExpressionAttributeValues: { ':mine': member.connectionId },
      },
    },
    failure: roomChangedMeanwhile(),
  },
  { item: { Delete: { TableName: tableName(), Key: connectionKey(member.connectionId) } } },
];
