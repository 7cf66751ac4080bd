/**
 * Privacy requests (docs/product.md#privacy-centre): a patient's export or erasure, from the request to its
 * outcome. Item `PRIVACYREQ#<requestId>` / `PRIVACYREQ`: RequestId, Kind, UserId, Status, RequestedAt,
 * CompletedAt, Outcome (counts by section, never content). Indexes: gsi1 `USER#<userId>#PRIVACYREQS` /
 * `<RequestedAt>#<id>` (the user's requests); gsi2 `PRIVACYREQS` / `<RequestedAt>#<id>` (the SystemAdmin's
 * list); gsi3 `PRIVACYREQS#WAITING#<kind>` / `<RequestedAt>#<id>` only while waiting (sparse: the count of
 * the system home); after a failed run gsi3 `PRIVACYREQS#FAILED` / `<CompletedAt>#<id>` until a retry
 * finishes it (sparse too: the system home counts the recent ones). The request and its outbox item commit
 * together; the job records the outcome.
 * Access patterns: put with the outbox item; get by key; a user's requests newest first (gsi1); every
 * request newest first (gsi2); count waiting ones of a kind (gsi3, `Select: COUNT`); count failed ones since
 * an instant (gsi3 range, `Select: COUNT`); finish or mark failed by key.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PrivacyRequestKind, PrivacyRequestStatus, PrivacyRequestView } from '@nutri/shared';
import { db, tableName } from '../platform/db/client';
import { unlessConditionFails } from '../platform/db/conditional';
import { countQuery } from '../platform/db/query';
import { transact, type NamedItem } from '../platform/db/transact';
import { newId } from '../platform/ids';
import { newOutboxEntry, outboxPut } from '../platform/outbox';

export const PRIVACY_EXPORT_TOPIC = 'privacy-export';
export const PRIVACY_ERASURE_TOPIC = 'privacy-erasure';

export interface PrivacyRequest extends PrivacyRequestView {
  UserId: string;
}

const requestKey = (requestId: string) => ({ pk: `PRIVACYREQ#${requestId}`, sk: 'PRIVACYREQ' });
const userPartition = (userId: string) => `USER#${userId}#PRIVACYREQS`;
const ALL_PARTITION = 'PRIVACYREQS';
const waitingPartition = (kind: PrivacyRequestKind) => `PRIVACYREQS#WAITING#${kind}`;
const FAILED_PARTITION = 'PRIVACYREQS#FAILED';

const toRequest = (item: Record<string, unknown>): PrivacyRequest => ({
  RequestId: String(item.RequestId),
  Kind: item.Kind as PrivacyRequestKind,
  UserId: String(item.UserId),
  Status: item.Status as PrivacyRequestStatus,
  RequestedAt: String(item.RequestedAt),
  CompletedAt: typeof item.CompletedAt === 'string' ? item.CompletedAt : null,
  Outcome: (item.Outcome as Record<string, number> | undefined) ?? null,
});

export const getPrivacyRequest = async (requestId: string) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: requestKey(requestId), ConsistentRead: true }),
  );
  return Item ? toRequest(Item) : null;
};

/** A user's requests, newest first (a patient makes a handful in a lifetime). */
export const listUserPrivacyRequests = async (userId: string, limit = 20) => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': userPartition(userId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toRequest);
};

/** Every request, newest first, one page. */
export const listPrivacyRequests = async (limit: number) => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': ALL_PARTITION },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toRequest);
};

/** How many requests of a kind wait for their job (the sparse queue: one Query, COUNT). */
export const countWaitingPrivacyRequests = (kind: PrivacyRequestKind) =>
  countQuery({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': waitingPartition(kind) },
  });

/** How many requests failed since an instant and were not finished by a retry (gsi3 range, COUNT). */
export const countFailedPrivacyRequestsSince = (since: string) =>
  countQuery({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk >= :since',
    ExpressionAttributeValues: { ':pk': FAILED_PARTITION, ':since': since },
  });

export type RequestFailure = 'contended';

/** Records a request and the outbox item of its job in one transaction. */
export const putPrivacyRequest = async (
  userId: string,
  kind: PrivacyRequestKind,
  at: Date,
  extra: Record<string, unknown> = {},
): Promise<PrivacyRequest | RequestFailure> => {
  const requestId = newId();
  const requestedAt = at.toISOString();
  const sortKey = `${requestedAt}#${requestId}`;
  const items: NamedItem<RequestFailure>[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...requestKey(requestId),
            type: 'PrivacyRequest',
            RequestId: requestId,
            Kind: kind,
            UserId: userId,
            Status: 'waiting',
            RequestedAt: requestedAt,
            ...extra,
            gsi1pk: userPartition(userId),
            gsi1sk: sortKey,
            gsi2pk: ALL_PARTITION,
            gsi2sk: sortKey,
            gsi3pk: waitingPartition(kind),
            gsi3sk: sortKey,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      item: outboxPut(
        newOutboxEntry(kind === 'export' ? PRIVACY_EXPORT_TOPIC : PRIVACY_ERASURE_TOPIC, { requestId }, at),
      ),
    },
  ];
  const failure = await transact(items, { contended: 'contended' as const });
  if (failure) return failure;
  return {
    RequestId: requestId,
    Kind: kind,
    UserId: userId,
    Status: 'waiting',
    RequestedAt: requestedAt,
    CompletedAt: null,
    Outcome: null,
  };
};

/** The job's outcome: out of the waiting queue, with the counts of what it did. */
export const finishPrivacyRequest = async (
  requestId: string,
  status: Exclude<PrivacyRequestStatus, 'waiting'>,
  outcome: Record<string, number>,
  at: Date,
) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: requestKey(requestId),
      UpdateExpression: 'SET #status = :status, CompletedAt = :at, Outcome = :outcome REMOVE gsi3pk, gsi3sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'Status' },
      ExpressionAttributeValues: { ':status': status, ':at': at.toISOString(), ':outcome': outcome },
    }),
  );
};

/**
 * A run of the job threw: the request shows `failed` with the time, out of the waiting queue and in the
 * failed one. The outbox keeps retrying it; a run that succeeds later finishes it as `done`. A request
 * already done stays done (the condition).
 */
export const markPrivacyRequestFailed = async (requestId: string, at: Date) => {
  const failedAt = at.toISOString();
  await unlessConditionFails(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: requestKey(requestId),
        UpdateExpression: 'SET #status = :failed, CompletedAt = :at, gsi3pk = :queue, gsi3sk = :sk',
        ConditionExpression: 'attribute_exists(pk) AND #status <> :done',
        ExpressionAttributeNames: { '#status': 'Status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':done': 'done',
          ':at': failedAt,
          ':queue': FAILED_PARTITION,
          ':sk': `${failedAt}#${requestId}`,
        },
      }),
    ),
  );
};
