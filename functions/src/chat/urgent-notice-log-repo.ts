/**
 * The log of urgent WhatsApp notices (docs/product.md#back-office, /Admin/Whatsapp), one item per notice,
 * with the provider's delivery status as its status webhook reports it. No phone number, no text.
 * - Notice `WANOTICE#<noticeId>` / `WANOTICE`: NoticeId, PatientUserId, NutritionistUserId, SentAt,
 *   Transport, ProviderMessageId, Status (`accepted`, `sent`, `delivered`, `read`, `failed`), StatusRank,
 *   StatusAt, `At_<status>` (when each status was reported), FailureCode, FailureReason;
 *   gsi3 `WANOTICES` / `<SentAt>#<noticeId>` (every notice, newest first);
 *   gsi1 `PATIENT#<patientUserId>#WANOTICES` / `<SentAt>#<noticeId>` (a patient's timeline).
 * - Message pointer `WAMSG#<providerMessageId>` / `WAMSG`: NoticeId (the status webhook names the message).
 * Access patterns: record a notice with its pointer (one transaction); apply a status once, never going
 * back (sent < delivered < read; failed ends it); list all, by date range and filters (gsi3); a patient's
 * (gsi1). No TTL: a record of what was sent on the service's behalf.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WHATSAPP_NOTICE_STATUSES, type WhatsAppNoticeStatus } from '@nutri/shared';
import { db, tableName } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';
import { transact } from '../platform/db/transact';
import { newId } from '../platform/ids';

export const NOTICE_STATUSES = WHATSAPP_NOTICE_STATUSES;
export type NoticeStatus = WhatsAppNoticeStatus;

/** A status never goes back: a late `sent` after `read` changes nothing; `failed` ends the notice. */
const STATUS_RANK: Record<NoticeStatus, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

export interface UrgentNoticeRecord {
  NoticeId: string;
  PatientUserId: string;
  NutritionistUserId: string;
  SentAt: string;
  Transport: string | null;
  ProviderMessageId: string | null;
  Status: NoticeStatus;
  StatusAt: string;
  /** When each status was reported (ISO), by status. */
  StatusTimes: Partial<Record<NoticeStatus, string>>;
  FailureCode: number | null;
  FailureReason: string | null;
}

const noticeKey = (noticeId: string) => ({ pk: `WANOTICE#${noticeId}`, sk: 'WANOTICE' });
const pointerKey = (providerMessageId: string) => ({ pk: `WAMSG#${providerMessageId}`, sk: 'WAMSG' });
const ALL_PARTITION = 'WANOTICES';
const patientPartition = (patientUserId: string) => `PATIENT#${patientUserId}#WANOTICES`;

export interface NewNotice {
  PatientUserId: string;
  NutritionistUserId: string;
  SentAt: string;
  Transport: string | null;
  ProviderMessageId: string | null;
  /** `accepted` when the provider took it; `failed` when it refused it (then the reason). */
  Status: 'accepted' | 'failed';
  FailureReason?: string | null;
}

// Record one notice (and the pointer its status webhook finds it by), in one transaction.
export const recordUrgentNotice = async (notice: NewNotice): Promise<UrgentNoticeRecord> => {
  const NoticeId = newId();
  const sortKey = `${notice.SentAt}#${NoticeId}`;
  const record: UrgentNoticeRecord = {
    NoticeId,
    PatientUserId: notice.PatientUserId,
    NutritionistUserId: notice.NutritionistUserId,
    SentAt: notice.SentAt,
    Transport: notice.Transport,
    ProviderMessageId: notice.ProviderMessageId,
    Status: notice.Status,
    StatusAt: notice.SentAt,
    StatusTimes: { [notice.Status]: notice.SentAt },
    FailureCode: null,
    FailureReason: notice.FailureReason ?? null,
  };
  const { StatusTimes: _times, ...fields } = record;
  const item = {
    ...noticeKey(NoticeId),
    type: 'UrgentNotice',
    ...fields,
    StatusRank: STATUS_RANK[notice.Status],
    [`At_${notice.Status}`]: notice.SentAt,
    gsi3pk: ALL_PARTITION,
    gsi3sk: sortKey,
    gsi1pk: patientPartition(notice.PatientUserId),
    gsi1sk: sortKey,
  };
  await transact(
    [
      { item: { Put: { TableName: tableName(), Item: item } } },
      ...(notice.ProviderMessageId
        ? [
            {
              item: {
                Put: {
                  TableName: tableName(),
                  Item: { ...pointerKey(notice.ProviderMessageId), type: 'UrgentNoticePointer', NoticeId },
                },
              },
            },
          ]
        : []),
    ],
    { contended: 'contended' as const },
  );
  return record;
};

const toRecord = (item: Record<string, unknown>): UrgentNoticeRecord => ({
  NoticeId: String(item.NoticeId),
  PatientUserId: String(item.PatientUserId),
  NutritionistUserId: String(item.NutritionistUserId),
  SentAt: String(item.SentAt),
  Transport: typeof item.Transport === 'string' ? item.Transport : null,
  ProviderMessageId: typeof item.ProviderMessageId === 'string' ? item.ProviderMessageId : null,
  Status: NOTICE_STATUSES.includes(item.Status as NoticeStatus) ? (item.Status as NoticeStatus) : 'accepted',
  StatusAt: String(item.StatusAt ?? item.SentAt),
  StatusTimes: Object.fromEntries(
    NOTICE_STATUSES.flatMap((status) =>
      typeof item[`At_${status}`] === 'string' ? [[status, item[`At_${status}`] as string]] : [],
    ),
  ),
  FailureCode: typeof item.FailureCode === 'number' ? item.FailureCode : null,
  FailureReason: typeof item.FailureReason === 'string' ? item.FailureReason : null,
});

export interface StatusReport {
  providerMessageId: string;
  status: Exclude<NoticeStatus, 'accepted'>;
  at: string;
  failureCode?: number | null;
  failureReason?: string | null;
}

export type StatusOutcome = 'applied' | 'stale' | 'unknown';

// Apply one provider status: found by the message pointer, written only if it moves the status forward
// (webhooks arrive out of order and more than once). Each status's time is kept whatever the order.
export const applyNoticeStatus = async (report: StatusReport): Promise<StatusOutcome> => {
  const { Item: pointer } = await db().send(
    new GetCommand({ TableName: tableName(), Key: pointerKey(report.providerMessageId) }),
  );
  if (typeof pointer?.NoticeId !== 'string') return 'unknown';
  const key = noticeKey(pointer.NoticeId);
  const statusTime = `At_${report.status}`;
  // The status's own time first (no condition: a late `sent` still says when it was sent).
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #at = if_not_exists(#at, :at)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#at': statusTime },
      ExpressionAttributeValues: { ':at': report.at },
    }),
  );
  const applied = await writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression:
          'SET #status = :status, StatusRank = :rank, StatusAt = :at, FailureCode = :code, FailureReason = :reason',
        ConditionExpression: 'attribute_exists(pk) AND StatusRank < :rank',
        ExpressionAttributeNames: { '#status': 'Status' },
        ExpressionAttributeValues: {
          ':status': report.status,
          ':rank': STATUS_RANK[report.status],
          ':at': report.at,
          ':code': report.failureCode ?? null,
          ':reason': report.failureReason ?? null,
        },
      }),
    ),
  );
  return applied ? 'applied' : 'stale';
};

export interface NoticeFilters {
  /** ISO instants, `from` included, `to` excluded. */
  from?: string;
  to?: string;
  status?: NoticeStatus;
  nutritionistUserId?: string;
  patientUserId?: string;
}

// Notices newest first: a patient's (gsi1) or everyone's (gsi3), by date range, other filters applied
// by DynamoDB on the range read.
export const listUrgentNotices = async (
  filters: NoticeFilters,
  limit: number,
  cursor?: Record<string, unknown>,
) => {
  const index = filters.patientUserId ? 'gsi1' : 'gsi3';
  const names: Record<string, string> = { '#pk': `${index}pk`, '#sk': `${index}sk` };
  const values: Record<string, unknown> = {
    ':pk': filters.patientUserId ? patientPartition(filters.patientUserId) : ALL_PARTITION,
    ':from': filters.from ?? '0',
    ':to': filters.to ?? '~',
  };
  const conditions: string[] = [];
  if (filters.status) {
    names['#status'] = 'Status';
    values[':status'] = filters.status;
    conditions.push('#status = :status');
  }
  if (filters.nutritionistUserId) {
    values[':nutritionist'] = filters.nutritionistUserId;
    conditions.push('NutritionistUserId = :nutritionist');
  }
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  return { notices: (page.Items ?? []).map(toRecord), next: page.LastEvaluatedKey };
};
