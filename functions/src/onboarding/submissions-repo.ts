/**
 * Questionnaire submissions and the webhook call log.
 * - Submission `TALLY#<submissionId>` / `SUBMISSION`: the answers (health data: private), the matching
 *   outcome with its reasons, and, once registered, the patient's user id. Written once (conditional on
 *   the submission id), so Tally's retries and replays change nothing.
 * - Webhook log `TALLYLOG` / `<receivedAt>#<id>`: every call, valid or not, for /Admin/TallyWebhooks;
 *   it records identifiers and outcomes only, never answers.
 * Access patterns: get a submission by id (table key), several by id (BatchGet, for admin lists); list the log newest first (Query on `TALLYLOG`).
 * The answers never change; the matching outcome is replaced once if a nutritionist is assigned later.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TallyField } from '@nutri/shared';
import { batchGet } from '../platform/db/batch-get';
import { db, isExpired, tableName, toEpochSeconds } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';
import { countQuery } from '../platform/db/query';
import { transact } from '../platform/db/transact';
import { newId } from '../platform/ids';
import type { MatchCriteria } from './matching';

export interface MatchRecord {
  kind: 'matched' | 'noMatch' | 'notSuitable';
  nutritionistUserId: string | null;
  matchingSkills: string[];
  reasons: string[];
  /** The next candidates in order, for a later change of nutritionist. */
  alternatives: string[];
  /** Set when nobody matched at first and a nutritionist was assigned later (rematch job or an admin). */
  assignedLater?: { at: string; by: 'rematch' | 'admin' };
}

export interface Submission {
  submissionId: string;
  responseId: string;
  eventId: string;
  formId: string;
  receivedAt: string;
  fields: TallyField[];
  criteria: MatchCriteria;
  match: MatchRecord;
  patientUserId: string | null;
  /** The webhook delivery that brought it (its log entry). */
  logId?: string;
}

const submissionKey = (submissionId: string) => ({ pk: `TALLY#${submissionId}`, sk: 'SUBMISSION' });

/** Submissions nobody registered with yet (sparse gsi3, left at the registration). */
const UNCLAIMED_PARTITION = 'TALLY#UNCLAIMED';
const unclaimedKeys = (submission: Pick<Submission, 'receivedAt' | 'submissionId'>) => ({
  gsi3pk: UNCLAIMED_PARTITION,
  gsi3sk: `${submission.receivedAt}#${submission.submissionId}`,
});

/** A submission's item as putSubmissionOnce stores it (demo history and benchmark seeds). */
export const submissionSeedItem = (submission: Submission) => ({
  ...submissionKey(submission.submissionId),
  type: 'TallySubmission',
  ...submission,
  ...(submission.patientUserId ? {} : unclaimedKeys(submission)),
});

// Store a submission once; false when the submission id was already stored.
export const putSubmissionOnce = async (submission: Submission): Promise<boolean> => {
  return writtenIfConditionHolds(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...submissionKey(submission.submissionId),
          type: 'TallySubmission',
          ...submission,
          ...(submission.patientUserId ? {} : unclaimedKeys(submission)),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
};

// Get a submission by id.
export const getSubmission = async (submissionId: string): Promise<Submission | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: submissionKey(submissionId), ConsistentRead: true }),
  );
  if (!Item) return null;
  const { pk: _pk, sk: _sk, type: _type, gsi3pk: _g3pk, gsi3sk: _g3sk, ...submission } = Item;
  return submission as Submission;
};

// When several submissions arrived and what they ask for (BatchGet on the table key, projected: no answers).
export const getSubmissionSummaries = async (
  submissionIds: readonly string[],
): Promise<Map<string, Pick<Submission, 'submissionId' | 'receivedAt' | 'criteria'>>> => {
  const found = new Map<string, Pick<Submission, 'submissionId' | 'receivedAt' | 'criteria'>>();
  const items = await batchGet(submissionIds.map(submissionKey), {
    attributes: ['submissionId', 'receivedAt', 'criteria'],
  });
  for (const item of items) {
    found.set(String(item.submissionId), {
      submissionId: String(item.submissionId),
      receivedAt: String(item.receivedAt),
      criteria: item.criteria as MatchCriteria,
    });
  }
  return found;
};

// Link a submission to the patient who registered with it, only if nobody did before.
export const claimSubmission = async (submissionId: string, patientUserId: string): Promise<boolean> => {
  return writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: submissionKey(submissionId),
        UpdateExpression: 'SET patientUserId = :user REMOVE gsi3pk, gsi3sk',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(patientUserId) OR patientUserId = :null)',
        ExpressionAttributeValues: { ':user': patientUserId, ':null': null },
      }),
    ),
  );
};

// Replace the matching outcome of a submission whose patient got a nutritionist later (the answers stay
// as received): the patient's view reads MatchingSkills and the alternatives from here.
export const recordLateMatch = async (submissionId: string, match: MatchRecord) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: submissionKey(submissionId),
      UpdateExpression: 'SET #match = :match',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#match': 'match' },
      ExpressionAttributeValues: { ':match': match },
    }),
  );
};

/** `failed`: the signature held but storing the submission failed (a replay can finish it). */
export const WEBHOOK_OUTCOMES = ['stored', 'duplicate', 'invalid-signature', 'malformed', 'failed'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];
const FAILED_OUTCOMES: readonly WebhookOutcome[] = ['invalid-signature', 'malformed', 'failed'];

export interface WebhookLogEntry {
  LogId: string;
  ReceivedAt: string;
  Outcome: WebhookOutcome;
  StatusCode: number;
  SubmissionId: string | null;
  EventId: string | null;
  MatchOutcome: MatchRecord['kind'] | null;
  /** Whether the signature held (absent on entries written before it was recorded). */
  SignatureValid?: boolean;
  /** Whether the body was kept for the payload viewer (only a signed one is). */
  PayloadStored?: boolean;
  /** The error's name when processing failed (never its message). */
  ErrorName?: string | null;
  /** A BusinessAdmin's replay of this delivery: when, by whom, with what outcome. */
  ReplayedAt?: string;
  ReplayedBy?: string;
  ReplayOutcome?: WebhookOutcome;
}

const LOG_RETENTION_DAYS = 180;
/** Bodies above this are not kept (DynamoDB items stop at 400 KB; Tally's are a few KB). */
const MAX_STORED_BODY_CHARS = 300_000;
const LOG_PARTITION = 'TALLYLOG';
/** Failed deliveries not replayed (sparse gsi3): the admin home's figure and the log's filter. */
const FAILED_PARTITION = 'TALLYLOG#FAILED';
const deliveryKey = (logId: string) => ({ pk: `TALLYDELIVERY#${logId}`, sk: 'DELIVERY' });
const logKey = (receivedAt: string, logId: string) => ({ pk: LOG_PARTITION, sk: `${receivedAt}#${logId}` });

// Record one webhook call (kept 180 days) and, for a signed one, its body (health data: the answers), in
// an item of its own read only by the audited payload viewer and the replay.
export const appendWebhookLog = async (
  entry: Omit<WebhookLogEntry, 'LogId'>,
  now: Date,
  rawBody: string | null,
  LogId: string = newId(),
): Promise<string> => {
  const expiresAt = toEpochSeconds(now) + LOG_RETENTION_DAYS * 86_400;
  const keepBody = rawBody !== null && rawBody.length <= MAX_STORED_BODY_CHARS;
  const sortKey = `${entry.ReceivedAt}#${LogId}`;
  await transact(
    [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...logKey(entry.ReceivedAt, LogId),
              type: 'TallyWebhookLog',
              LogId,
              ...entry,
              PayloadStored: keepBody,
              ...(FAILED_OUTCOMES.includes(entry.Outcome)
                ? { gsi3pk: FAILED_PARTITION, gsi3sk: sortKey }
                : {}),
              expiresAt,
            },
          },
        },
      },
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...deliveryKey(LogId),
              type: 'TallyDelivery',
              LogId,
              ReceivedAt: entry.ReceivedAt,
              ...(keepBody ? { RawBody: rawBody } : {}),
              expiresAt,
            },
          },
        },
      },
    ],
    { contended: 'contended' as const },
  );
  return LogId;
};

const toLogEntry = (item: Record<string, unknown>): WebhookLogEntry => {
  const { pk: _pk, sk: _sk, type: _type, expiresAt: _e, gsi3pk: _g3pk, gsi3sk: _g3sk, ...entry } = item;
  return entry as unknown as WebhookLogEntry;
};

export type WebhookLogFilter = WebhookOutcome | 'open-failures' | 'all';

// List the webhook log newest first, page by page: everything, one outcome (filtered on the range read),
// or the failed deliveries not replayed yet (gsi3).
export const listWebhookLog = async (
  limit: number,
  cursor?: Record<string, unknown>,
  filter: WebhookLogFilter = 'all',
) => {
  const failedOnly = filter === 'open-failures';
  const byOutcome = filter !== 'all' && !failedOnly;
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...(failedOnly
        ? {
            IndexName: 'gsi3',
            KeyConditionExpression: 'gsi3pk = :pk',
            ExpressionAttributeValues: { ':pk': FAILED_PARTITION },
          }
        : {
            KeyConditionExpression: 'pk = :pk',
            ...(byOutcome
              ? {
                  FilterExpression: 'Outcome = :outcome',
                  ExpressionAttributeValues: { ':pk': LOG_PARTITION, ':outcome': filter },
                }
              : { ExpressionAttributeValues: { ':pk': LOG_PARTITION } }),
          }),
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  const at = new Date();
  return {
    entries: (page.Items ?? []).filter((item) => !isExpired(item, at)).map(toLogEntry),
    next: page.LastEvaluatedKey,
  };
};

// One delivery: its log entry and, when kept, its body.
export const getWebhookDelivery = async (
  logId: string,
): Promise<{ entry: WebhookLogEntry; rawBody: string | null } | null> => {
  const { Item: delivery } = await db().send(
    new GetCommand({ TableName: tableName(), Key: deliveryKey(logId), ConsistentRead: true }),
  );
  if (!delivery || isExpired(delivery, new Date())) return null;
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: logKey(String(delivery.ReceivedAt), logId),
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  return {
    entry: toLogEntry(Item),
    rawBody: typeof delivery.RawBody === 'string' ? delivery.RawBody : null,
  };
};

// Record a replay on the delivery's entry, once: false when it was already replayed (the entry leaves the
// failed queue).
export const recordReplay = async (
  entry: Pick<WebhookLogEntry, 'LogId' | 'ReceivedAt'>,
  replay: { at: string; by: string; outcome: WebhookOutcome; submissionId: string | null },
): Promise<boolean> =>
  writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: logKey(entry.ReceivedAt, entry.LogId),
        UpdateExpression:
          'SET ReplayedAt = :at, ReplayedBy = :by, ReplayOutcome = :outcome, SubmissionId = if_not_exists(SubmissionId, :submission) REMOVE gsi3pk, gsi3sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(ReplayedAt)',
        ExpressionAttributeValues: {
          ':at': replay.at,
          ':by': replay.by,
          ':outcome': replay.outcome,
          ':submission': replay.submissionId,
        },
      }),
    ),
  );

const countRange = (partition: string, since: string) =>
  countQuery({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk >= :since',
    ExpressionAttributeValues: { ':pk': partition, ':since': since },
  });

// Failed deliveries not replayed, received since an instant (the admin home).
export const countOpenFailuresSince = (since: string) => countRange(FAILED_PARTITION, since);

// Submissions nobody registered with, received since an instant (the admin home).
export const countUnclaimedSince = (since: string) => countRange(UNCLAIMED_PARTITION, since);

// Submissions nobody registered with, newest first (projected: no answers).
export const listUnclaimedSubmissions = async (limit: number, cursor?: Record<string, unknown>) => {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': UNCLAIMED_PARTITION },
      ProjectionExpression: 'submissionId, receivedAt, logId, #match, eventId',
      ExpressionAttributeNames: { '#match': 'match' },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  return {
    submissions: (page.Items ?? []).map((item) => ({
      submissionId: String(item.submissionId),
      receivedAt: String(item.receivedAt),
      logId: typeof item.logId === 'string' ? item.logId : null,
      eventId: typeof item.eventId === 'string' ? item.eventId : null,
      matchKind: (item.match as MatchRecord | undefined)?.kind ?? null,
    })),
    next: page.LastEvaluatedKey,
  };
};

// Who registered with several submissions and whom they were matched with (BatchGet, projected).
export const getSubmissionLinks = async (submissionIds: readonly string[]) => {
  const found = new Map<string, { patientUserId: string | null; nutritionistUserId: string | null }>();
  const items = await batchGet([...new Set(submissionIds)].map(submissionKey), {
    attributes: ['submissionId', 'patientUserId', 'match'],
  });
  for (const item of items) {
    found.set(String(item.submissionId), {
      patientUserId: typeof item.patientUserId === 'string' ? item.patientUserId : null,
      nutritionistUserId: (item.match as MatchRecord | undefined)?.nutritionistUserId ?? null,
    });
  }
  return found;
};

// Free a submission again after the registration that claimed it failed (back in the unclaimed index).
export const releaseSubmission = async (submissionId: string) => {
  const submission = await getSubmission(submissionId);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: submissionKey(submissionId),
      UpdateExpression: submission
        ? 'SET patientUserId = :null, gsi3pk = :g3pk, gsi3sk = :g3sk'
        : 'SET patientUserId = :null',
      ExpressionAttributeValues: {
        ':null': null,
        ...(submission
          ? (({ gsi3pk, gsi3sk }) => ({ ':g3pk': gsi3pk, ':g3sk': gsi3sk }))(unclaimedKeys(submission))
          : {}),
      },
    }),
  );
};
