/**
 * The yardstick of `npm run bench:lambda`: a Lambda that only creates a DynamoDB document client at start
 * (as every area does) and answers. Built and measured exactly like the areas' bundles.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = () => Promise.resolve({ statusCode: 200, body: typeof client.send });
