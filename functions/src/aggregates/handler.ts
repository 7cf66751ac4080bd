/**
 * Lambda entry of the dashboards' aggregation: the table's stream invokes it with writes of the items the
 * dashboards count (the event source's filter, platform/dashboard-stream-source.ts), and it keeps the
 * aggregates up to date (docs/product.md#business-dashboards). Failed records come back as batch item
 * failures for the event source to retry; the rebuild job recomputes everything nightly behind it. The local
 * runtime reads DynamoDB Local's stream and calls this same handler with the same event.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { aggregateStream } from '../dashboards';
import { logger } from '../platform/logger';

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler((event) => aggregateStream(event));
