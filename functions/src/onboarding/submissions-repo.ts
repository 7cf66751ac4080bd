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
import { db, tableName, toEpochSeconds } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';
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
}

const submissionKey = (submissionId: string) => ({ pk: `TALLY#${submissionId}`, sk: 'SUBMISSION' });

// Store a submission once; false when the submission id was already stored.
export const putSubmissionOnce = async (submission: Submission): Promise<boolean> => {
  return writtenIfConditionHolds(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...submissionKey(submission.submissionId), type: 'TallySubmission', ...submission },
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
  const { pk: _pk, sk: _sk, type: _type, ...submission } = Item;
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
        UpdateExpression: 'SET patientUserId = :user',
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

export type WebhookOutcome = 'stored' | 'duplicate' | 'invalid-signature' | 'malformed';

export interface WebhookLogEntry {
  LogId: string;
  ReceivedAt: string;
  Outcome: WebhookOutcome;
  StatusCode: number;
  SubmissionId: string | null;
  EventId: string | null;
  MatchOutcome: MatchRecord['kind'] | null;
}

const LOG_RETENTION_DAYS = 180;

// Record one webhook call (kept 180 days).
export const appendWebhookLog = async (entry: Omit<WebhookLogEntry, 'LogId'>, now: Date) => {
  const LogId = newId();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: 'TALLYLOG',
        sk: `${entry.ReceivedAt}#${LogId}`,
        type: 'TallyWebhookLog',
        LogId,
        ...entry,
        expiresAt: toEpochSeconds(now) + LOG_RETENTION_DAYS * 86_400,
      },
    }),
  );
};

// List the webhook log newest first, page by page.
export const listWebhookLog = async (limit: number, cursor?: Record<string, unknown>) => {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'TALLYLOG' },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  return {
    entries: (page.Items ?? []).map(
      ({ pk: _pk, sk: _sk, type: _type, expiresAt: _e, ...entry }) => entry as WebhookLogEntry,
    ),
    next: page.LastEvaluatedKey,
  };
};

// Free a submission again after the registration that claimed it failed.
export const releaseSubmission = async (submissionId: string) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: submissionKey(submissionId),
      UpdateExpression: 'SET patientUserId = :null',
      ExpressionAttributeValues: { ':null': null },
    }),
  );
};
