/**
 * The mails each user was sent, with their delivery events (docs/product.md#back-office: a patient's
 * timeline, the bounced-mail figure). Built from SES's own delivery events by the jobs Lambda, never in a
 * request: a mail sent writes nothing more than before. Subjects and event names only, never a body.
 * - Mail `MAILLOG#<sesMessageId>` / `MAIL`: SesMessageId, UserId, Subject, Kind (our `kind` tag),
 *   SentAt, LastEvent, LastEventAt, `At_<event>` (the first time each event came);
 *   gsi1 `USER#<userId>#MAILS` / `<SentAt>#<sesMessageId>` (a user's mails, newest first);
 *   gsi3 `MAILS#BOUNCED` / `<bounce at>#<sesMessageId>` once it bounced, was dropped or reported as spam.
 * Access patterns: apply an event (one UpdateItem: events come out of order and more than once, each
 * event's time is kept once, the last event is the newest); a user's mails (gsi1); mails that bounced
 * since an instant, counted (gsi3). Kept a year (TTL).
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { EMAIL_EVENTS, type EmailEvent } from '@nutri/shared';
import { db, isExpired, tableName, toEpochSeconds } from './db/client';
import { countQuery } from './db/query';
import type { MailEvent } from './mail-events';

const RETENTION_DAYS = 365;
export const BOUNCE_EVENTS: readonly EmailEvent[] = ['bounce', 'dropped', 'spamreport'];
const BOUNCED_PARTITION = 'MAILS#BOUNCED';
const userPartition = (userId: string) => `USER#${userId}#MAILS`;

export interface LoggedMail {
  SesMessageId: string;
  Subject: string | null;
  Kind: string | null;
  SentAt: string;
  LastEvent: EmailEvent;
  LastEventAt: string;
  /** When each event first came (ISO), by event. */
  Events: Partial<Record<EmailEvent, string>>;
}

// Apply one SES event of a mail to one of its recipients who has an account.
export const recordUserMailEvent = async (userId: string, event: MailEvent) => {
  const { sentAt } = event;
  const sortKey = `${sentAt}#${event.sesMessageId}`;
  const bounced = BOUNCE_EVENTS.includes(event.event);
  const values: Record<string, unknown> = {
    ':id': event.sesMessageId,
    ':user': userId,
    ':subject': event.subject,
    ':kind': event.tags.kind?.[0] ?? null,
    ':sent': sentAt,
    ':at': event.at,
    ':g1pk': userPartition(userId),
    ':g1sk': sortKey,
    ':expires': toEpochSeconds(new Date(sentAt)) + RETENTION_DAYS * 86_400,
  };
  // Every attribute by a name placeholder: some (e.g. Kind) may be DynamoDB reserved words.
  const names: Record<string, string> = {
    '#eventAt': `At_${event.event}`,
    '#id': 'SesMessageId',
    '#user': 'UserId',
    '#subject': 'Subject',
    '#kind': 'Kind',
    '#sent': 'SentAt',
    '#g1pk': 'gsi1pk',
    '#g1sk': 'gsi1sk',
    '#expires': 'expiresAt',
  };
  const sets = [
    '#id = :id',
    '#user = :user',
    '#subject = if_not_exists(#subject, :subject)',
    '#kind = if_not_exists(#kind, :kind)',
    '#sent = :sent',
    '#eventAt = if_not_exists(#eventAt, :at)',
    '#g1pk = :g1pk',
    '#g1sk = :g1sk',
    '#expires = :expires',
  ];
  if (bounced) {
    values[':g3pk'] = BOUNCED_PARTITION;
    values[':g3sk'] = `${event.at}#${event.sesMessageId}`;
    names['#g3pk'] = 'gsi3pk';
    names['#g3sk'] = 'gsi3sk';
    sets.push('#g3pk = if_not_exists(#g3pk, :g3pk)', '#g3sk = if_not_exists(#g3sk, :g3sk)');
  }
  const key = { pk: `MAILLOG#${event.sesMessageId}`, sk: 'MAIL' };
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
  // The newest event wins (a late `processed` after `delivered` leaves `delivered`).
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #last = :event, #lastAt = :at',
        ConditionExpression: 'attribute_not_exists(#lastAt) OR #lastAt <= :at',
        ExpressionAttributeNames: { '#last': 'LastEvent', '#lastAt': 'LastEventAt' },
        ExpressionAttributeValues: { ':event': event.event, ':at': event.at },
      }),
    )
    .catch((error: unknown) => {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    });
};

const toMail = (item: Record<string, unknown>): LoggedMail => ({
  SesMessageId: String(item.SesMessageId),
  Subject: typeof item.Subject === 'string' ? item.Subject : null,
  Kind: typeof item.Kind === 'string' ? item.Kind : null,
  SentAt: String(item.SentAt),
  LastEvent: (item.LastEvent ?? 'processed') as EmailEvent,
  LastEventAt: String(item.LastEventAt ?? item.SentAt),
  Events: Object.fromEntries(
    EMAIL_EVENTS.flatMap((name) =>
      typeof item[`At_${name}`] === 'string' ? [[name, item[`At_${name}`] as string]] : [],
    ),
  ),
});

// A user's mails newest first, sent before an instant (gsi1).
export const listUserMails = async (userId: string, limit: number, before?: string) => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
      ExpressionAttributeValues: { ':pk': userPartition(userId), ':before': before ?? '~' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  const at = new Date();
  return (Items ?? []).filter((item) => !isExpired(item, at)).map(toMail);
};

// How many mails bounced (or were dropped, or reported as spam) since an instant: a counted gsi3 range.
export const countBouncedMailsSince = (since: string) =>
  countQuery({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk >= :since',
    ExpressionAttributeValues: { ':pk': BOUNCED_PARTITION, ':since': since },
  });

// Mails that bounced (or were dropped, or reported as spam), newest first (gsi3), with their recipient.
export const listBouncedMails = async (limit: number, cursor?: Record<string, unknown>) => {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': BOUNCED_PARTITION },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  return {
    mails: (page.Items ?? []).map((item) => ({ ...toMail(item), UserId: String(item.UserId) })),
    next: page.LastEvaluatedKey,
  };
};
