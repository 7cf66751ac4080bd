/**
 * Reminders: a nutritionist's notes about their patients (docs/product.md#data: Reminder).
 * - Reminder `REMINDER#<reminderId>` / `REMINDER`, with
 *   gsi1 `REMINDERS#<nutritionistId>#<patientId>` / `<Date>#<reminderId>` (a patient's reminders by date) and,
 *   only while unchecked, gsi2 `REMINDERS#<nutritionistId>#OPEN` / `<Date>#<reminderId>` (sparse: the home's
 *   open reminders by date).
 * Access patterns: get by id (table key); by patient ordered by date (gsi1); open ones up to a date (gsi2);
 * create, update (optimistic on `version`), delete.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/db/client';
import { queryPage } from '../platform/db/query';
import { DomainError } from '../platform/domain-error';

export interface Reminder {
  ReminderId: number;
  NutritionistUserId: string;
  PatientUserId: string;
  Description: string;
  /** Rome date `YYYY-MM-DD`. */
  Date: string;
  Checked: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

const reminderKey = (reminderId: number) => ({ pk: `REMINDER#${reminderId}`, sk: 'REMINDER' });
const sortKey = (reminder: Reminder) => `${reminder.Date}#${String(reminder.ReminderId).padStart(10, '0')}`;

const reminderItem = (reminder: Reminder) => ({
  ...reminderKey(reminder.ReminderId),
  type: 'Reminder',
  ...reminder,
  gsi1pk: `REMINDERS#${reminder.NutritionistUserId}#${reminder.PatientUserId}`,
  gsi1sk: sortKey(reminder),
  ...(reminder.Checked
    ? {}
    : { gsi2pk: `REMINDERS#${reminder.NutritionistUserId}#OPEN`, gsi2sk: sortKey(reminder) }),
});

const toReminder = (item: Record<string, unknown>): Reminder => ({
  ReminderId: Number(item.ReminderId),
  NutritionistUserId: String(item.NutritionistUserId),
  PatientUserId: String(item.PatientUserId),
  Description: String(item.Description),
  Date: String(item.Date),
  Checked: item.Checked === true,
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
  version: Number(item.version ?? 0),
});

// Get a reminder by id (table key); the caller checks whose it is.
export const getReminder = async (reminderId: number) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: reminderKey(reminderId), ConsistentRead: true }),
  );
  return Item ? toReminder(Item) : null;
};

// Create a reminder, or replace it if nobody changed it since `expectedVersion` (0: must not exist).
export const saveReminder = async (reminder: Reminder, expectedVersion: number) => {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: reminderItem(reminder),
        ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(pk)' : '#version = :version',
        ...(expectedVersion === 0
          ? {}
          : {
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':version': expectedVersion },
            }),
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new DomainError('conflict', { cause: error });
    throw error;
  }
};

// Delete a reminder.
export const deleteReminder = async (reminderId: number) => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: reminderKey(reminderId) }));
};

// A patient's reminders by date (gsi1), or the open ones up to a date (gsi2), one page.
export const listRemindersPage = async (
  query:
    | { kind: 'patient'; nutritionistUserId: string; patientUserId: string }
    | { kind: 'open'; nutritionistUserId: string; beforeDate: string },
  limit: number,
  cursor: Record<string, unknown> | undefined,
) => {
  const page =
    query.kind === 'patient'
      ? await queryPage(
          {
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: {
              ':pk': `REMINDERS#${query.nutritionistUserId}#${query.patientUserId}`,
            },
          },
          { limit, cursor, keyAttributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'] },
        )
      : await queryPage(
          {
            IndexName: 'gsi2',
            KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :before',
            ExpressionAttributeValues: {
              ':pk': `REMINDERS#${query.nutritionistUserId}#OPEN`,
              ':before': query.beforeDate,
            },
          },
          { limit, cursor, keyAttributes: ['pk', 'sk', 'gsi2pk', 'gsi2sk'] },
        );
  return { reminders: page.items.map(toReminder), next: page.next };
};
