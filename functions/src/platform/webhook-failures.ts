/**
 * Failed webhook deliveries of the providers whose webhooks keep no record of their own (Stripe, WhatsApp),
 * counted for the /SystemSettings home (docs/product.md#system-settings). A refused signature, an unreadable
 * body or a handler that threw adds one to the hour's counter of that source, by reason; the body is never
 * kept (it may hold a phone number or a payment). One counter item per source and hour, whatever the number
 * of failures: a flood of forged calls costs one UpdateItem each and no storage.
 * - Counter `WEBHOOKFAILS#<source>` / `HOUR#<yyyy-mm-ddThh>`: Source, Hour, Failures, one number per reason
 *   (`Reason_<reason>`), LastAt; `expiresAt` TTL 3 days.
 * Access patterns: add one failure (UpdateItem ADD); the counters of a source from an hour on (one Query on
 * its partition, at most 25 items for a day), expired ones filtered on read.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isExpired, tableName, toEpochSeconds } from './db/client';

export const WEBHOOK_SOURCES = ['stripe', 'whatsapp'] as const;
export type WebhookSource = (typeof WEBHOOK_SOURCES)[number];
export type WebhookFailureReason = 'signature' | 'malformed' | 'handler';

const KEEP_SECONDS = 3 * 86_400;
const partition = (source: WebhookSource) => `WEBHOOKFAILS#${source}`;
/** The hour of an instant, as the counter's sort key part (UTC). */
const hourOf = (at: Date) => at.toISOString().slice(0, 13);

export const recordWebhookFailure = async (source: WebhookSource, reason: WebhookFailureReason, at: Date) => {
  const hour = hourOf(at);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: partition(source), sk: `HOUR#${hour}` },
      UpdateExpression:
        'SET #type = :type, #source = :source, #hour = :hour, #last = :at, expiresAt = :expires ADD #failures :one, #reason :one',
      // Every attribute by a placeholder: some of these names are DynamoDB reserved words.
      ExpressionAttributeNames: {
        '#type': 'type',
        '#source': 'Source',
        '#hour': 'Hour',
        '#last': 'LastAt',
        '#failures': 'Failures',
        '#reason': `Reason_${reason}`,
      },
      ExpressionAttributeValues: {
        ':type': 'WebhookFailures',
        ':source': source,
        ':hour': hour,
        ':at': at.toISOString(),
        ':expires': toEpochSeconds(at) + KEEP_SECONDS,
        ':one': 1,
      },
    }),
  );
};

/**
 * Failures of a source from the hour of `since` on (the figure may include up to an hour more than the exact
 * window: the counters are hourly).
 */
export const countWebhookFailuresSince = async (source: WebhookSource, since: Date, at: Date) => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk >= :from',
      ExpressionAttributeValues: { ':pk': partition(source), ':from': `HOUR#${hourOf(since)}` },
    }),
  );
  return (Items ?? [])
    .filter((item) => !isExpired(item, at))
    .reduce((sum, item) => sum + Number(item.Failures ?? 0), 0);
};
