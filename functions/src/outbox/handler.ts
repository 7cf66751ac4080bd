/**
 * Lambda entry of the outbox deliverer: the table's stream invokes it with new outbox items (the event
 * source's filter, platform/outbox-stream-source.ts), and it carries out their effects (chat messages,
 * e-mails) after the request that caused them has answered. Failed items come back as batch item failures
 * for the event source to retry; the deliver-outbox job (jobs Lambda) is the safety net behind it. The
 * local runtime reads DynamoDB Local's stream and calls this same handler with the same event.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../platform/logger';
import { deliverOutboxStream } from '../platform/outbox-stream';
import { outboxHandlers } from './topics';

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler((event) => deliverOutboxStream(event, outboxHandlers));
