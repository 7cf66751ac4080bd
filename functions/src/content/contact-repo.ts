/**
 * Messages sent through the contact form. Item `CONTACT#<id>` / `CONTACT`, listed newest first on
 * gsi1 `CONTACTS` / `<CreatedAt>#<id>`.
 * Access patterns:
 * - store a message;
 * - list messages newest first (gsi1 `CONTACTS`).
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactMessage } from '@nutri/shared';
import { db, tableName } from '../platform/db/client';

/** A string attribute as stored, or empty when absent. */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const toMessage = (item: Record<string, unknown>): ContactMessage => ({
  ContactMessageId: String(item.ContactMessageId),
  Name: text(item.Name),
  Email: text(item.Email),
  PhoneNo: text(item.PhoneNo),
  Message: text(item.Message),
  CreatedAt: text(item.CreatedAt),
});

// Store a contact message.
export const putContactMessage = async (message: ContactMessage) => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: `CONTACT#${message.ContactMessageId}`,
        sk: 'CONTACT',
        type: 'ContactMessage',
        ...message,
        gsi1pk: 'CONTACTS',
        gsi1sk: `${message.CreatedAt}#${message.ContactMessageId}`,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

// List contact messages newest first (gsi1 `CONTACTS`).
export const listContactMessages = async (limit: number, cursor: Record<string, unknown> | undefined) => {
  const { Items, LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'CONTACTS' },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  return { items: (Items ?? []).map(toMessage), next: LastEvaluatedKey };
};
