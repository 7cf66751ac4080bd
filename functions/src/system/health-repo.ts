import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/db/client';

/** The probe's key: the item need not exist, a miss is still a full round trip to the table. */
const HEALTH_KEY = { pk: 'SYSTEM#health', sk: 'SYSTEM#health' } as const;

/**
 * One real read of the table (docs/data-model.md, access pattern 11), abandoned after `timeoutMs` so a hung
 * database cannot hang the caller. Resolves when the table answered; rejects when it did not.
 */
export const readHealthProbe = async (timeoutMs: number): Promise<void> => {
  await db().send(new GetCommand({ TableName: tableName(), Key: HEALTH_KEY }), {
    abortSignal: AbortSignal.timeout(timeoutMs),
  });
};
