/**
 * Test fixture of the shared local stack: a published contract version asks every patient of every later
 * test to accept it again before paying (docs/product.md#contracts). The product never deletes a published
 * version; a test that publishes one removes the stored versions afterwards, straight from the table, so
 * the files and journeys after it find version 1 (the text in code) in effect again.
 */
export const removeStoredContractVersions = async () => {
  const { db, tableName } = await import('../../../functions/src/platform/db/client');
  const { QueryCommand, DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'CONTRACTS' },
      ProjectionExpression: 'pk, sk',
    }),
  );
  for (const item of Items ?? [])
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: { pk: String(item.pk), sk: String(item.sk) } }),
    );
};
