/**
 * The patient's opposition to sending a visit's health expense to Sistema Tessera Sanitaria
 * (docs/product.md#invoicing), chosen when paying: item `BOOKING#<bookingId>` / `STSOPPOSITION` (Opposed,
 * At), beside its booking. The health invoice copies it when drafted; until issued the draft follows a change.
 * Access patterns: get / put by key.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/db/client';

const oppositionKey = (bookingId: number) => ({ pk: `BOOKING#${bookingId}`, sk: 'STSOPPOSITION' });

export const getStsOpposition = async (bookingId: number): Promise<boolean> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: oppositionKey(bookingId), ConsistentRead: true }),
  );
  return Item?.Opposed === true;
};

export const putStsOpposition = async (bookingId: number, opposed: boolean, at: Date) => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...oppositionKey(bookingId), type: 'StsOpposition', Opposed: opposed, At: at.toISOString() },
    }),
  );
};

/** The recorded choices of several visits (the privacy centre's list): booking id, opposed, when. */
export const listStsOppositions = async (bookingIds: readonly number[]) =>
  (
    await Promise.all(
      bookingIds.map(async (bookingId) => {
        const { Item } = await db().send(
          new GetCommand({ TableName: tableName(), Key: oppositionKey(bookingId) }),
        );
        return Item ? [{ bookingId, opposed: Item.Opposed === true, at: String(Item.At) }] : [];
      }),
    )
  ).flat();
