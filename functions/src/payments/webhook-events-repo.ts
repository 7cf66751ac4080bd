/**
 * Stripe webhook events the payments area has received.
 * - Webhook event `STRIPEEVENT#<eventId>` / `EVENT`: Type, Status (`processing` | `processed`), ReceivedAt,
 *   LeaseUntil; `expiresAt` TTL 30 days (Stripe retries for 3 days). Put with attribute_not_exists, so of two
 *   deliveries of one event exactly one processes it.
 * Access patterns: claim, finish or release a webhook event by id.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, toEpochSeconds } from '../platform/db/client';

const EVENT_KEEP_SECONDS = 30 * 86_400;
/** A crashed webhook delivery's claim is free again after this (Stripe retries later). */
const EVENT_LEASE_MS = 2 * 60_000;

const eventKey = (eventId: string) => ({ pk: `STRIPEEVENT#${eventId}`, sk: 'EVENT' });

export type EventClaim = 'claimed' | 'duplicate';

/**
 * Claims a webhook event for processing: a new event, or one whose earlier delivery crashed (lease over).
 * A processed event, or one being processed right now, is a duplicate.
 */
export const claimWebhookEvent = async (eventId: string, type: string, at: Date): Promise<EventClaim> => {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...eventKey(eventId),
          type: 'StripeEvent',
          EventId: eventId,
          Type: type,
          Status: 'processing',
          ReceivedAt: at.toISOString(),
          LeaseUntil: new Date(at.getTime() + EVENT_LEASE_MS).toISOString(),
          expiresAt: toEpochSeconds(at) + EVENT_KEEP_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :processing AND LeaseUntil <= :now)',
        ExpressionAttributeNames: { '#status': 'Status' },
        ExpressionAttributeValues: { ':processing': 'processing', ':now': at.toISOString() },
      }),
    );
    return 'claimed';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'duplicate';
    throw error;
  }
};

// The event was handled: later deliveries are duplicates.
export const finishWebhookEvent = async (eventId: string, outcome: string, at: Date) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: eventKey(eventId),
      UpdateExpression: 'SET #status = :processed, Outcome = :outcome, ProcessedAt = :at REMOVE LeaseUntil',
      ExpressionAttributeNames: { '#status': 'Status' },
      ExpressionAttributeValues: { ':processed': 'processed', ':outcome': outcome, ':at': at.toISOString() },
    }),
  );
};

// Handling failed: the claim is dropped so Stripe's retry processes the event again.
export const releaseWebhookEvent = async (eventId: string) => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: eventKey(eventId) }));
};
