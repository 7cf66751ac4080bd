import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

/**
 * Next value of a named sequence (`COUNTER#<name>` / `COUNTER`), for the numeric ids the API exposes
 * (ContentId, TagId, ...). An atomic ADD: concurrent callers never get the same number.
 */
export const nextId = async (sequence: string): Promise<number> => {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `COUNTER#${sequence}`, sk: 'COUNTER' },
      UpdateExpression: 'ADD #value :one',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.value);
};
