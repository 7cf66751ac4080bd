/** One DynamoDB document client per process, pointed at DynamoDB Local when DYNAMODB_ENDPOINT is set. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';

let documentClient: DynamoDBDocumentClient | undefined;

export const db = (): DynamoDBDocumentClient => {
  if (!documentClient) {
    const { AWS_REGION, DYNAMODB_ENDPOINT } = config();
    const client = new DynamoDBClient({
      region: AWS_REGION,
      ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT } : {}),
    });
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
};

export const tableName = () => config().TABLE_NAME;

/** Epoch seconds, the unit of the table's TTL attribute. */
export const toEpochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** DynamoDB Local never deletes expired items, and the cloud deletes them late: readers filter on expiry. */
export const isExpired = (item: { expiresAt?: unknown }, now: Date) =>
  typeof item.expiresAt === 'number' && item.expiresAt <= toEpochSeconds(now);
