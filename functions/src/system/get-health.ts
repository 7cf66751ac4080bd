import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { HealthResponse } from '@nutri/shared';
import { defineOperation } from '../http/operation';
import { db, tableName } from '../platform/db/client';

/** `GET /api/v2/health`: ok only after a real DynamoDB round trip (a failure maps to 500). */
export const getHealth = defineOperation({}, async (): Promise<HealthResponse> => {
  await db().send(
    new GetCommand({ TableName: tableName(), Key: { pk: 'SYSTEM#health', sk: 'SYSTEM#health' } }),
  );
  return { status: 'ok' };
});
