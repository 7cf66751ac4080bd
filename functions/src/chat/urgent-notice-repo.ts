/**
 * The urgent-notice slot of a patient: item `URGENTNOTICE#<patientUserId>` / `URGENTNOTICE` with
 * `LastSentAt`, `NutritionistUserId`, `Transport`, `ProviderMessageId`, expiring with the interval.
 * Access patterns (table key): claim the slot if free, read when it was last taken, record the send,
 * give the slot back.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, toEpochSeconds } from '../platform/db/client';
import { writtenIfConditionHolds } from '../platform/db/conditional';

const noticeKey = (patientUserId: string) => ({ pk: `URGENTNOTICE#${patientUserId}`, sk: 'URGENTNOTICE' });

// Takes the patient's notice slot unless it was taken less than `intervalMs` ago.
export const claimNoticeSlot = async (
  patientUserId: string,
  nutritionistUserId: string,
  at: Date,
  intervalMs: number,
): Promise<{ claimed: true; sentAt: string } | { claimed: false }> => {
  const sentAt = at.toISOString();
  const claimed = await writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: noticeKey(patientUserId),
        UpdateExpression:
          'SET LastSentAt = :sentAt, NutritionistUserId = :nutritionist, expiresAt = :expires REMOVE ProviderMessageId, Transport',
        ConditionExpression: 'attribute_not_exists(LastSentAt) OR LastSentAt <= :cutoff',
        ExpressionAttributeValues: {
          ':sentAt': sentAt,
          ':nutritionist': nutritionistUserId,
          ':cutoff': new Date(at.getTime() - intervalMs).toISOString(),
          ':expires': toEpochSeconds(at) + intervalMs / 1000,
        },
      }),
    ),
  );
  return claimed ? { claimed: true, sentAt } : { claimed: false };
};

// When the slot was last taken (ISO instant), if ever.
export const getLastNoticeSentAt = async (patientUserId: string): Promise<string | null> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: noticeKey(patientUserId), ConsistentRead: true }),
  );
  return typeof Item?.LastSentAt === 'string' ? Item.LastSentAt : null;
};

// The provider's answer to the send, on the slot this send took.
export const recordNoticeSent = async (
  patientUserId: string,
  sentAt: string,
  sent: { transport: string; messageId: string | null },
) => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: noticeKey(patientUserId),
      UpdateExpression: 'SET Transport = :transport, ProviderMessageId = :id',
      ConditionExpression: 'LastSentAt = :sentAt',
      ExpressionAttributeValues: { ':transport': sent.transport, ':id': sent.messageId, ':sentAt': sentAt },
    }),
  );
};

// Gives the slot back (the send failed), unless another send took it meanwhile.
export const releaseNoticeSlot = async (patientUserId: string, sentAt: string) => {
  await writtenIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: noticeKey(patientUserId),
        UpdateExpression: 'REMOVE LastSentAt',
        ConditionExpression: 'LastSentAt = :sentAt',
        ExpressionAttributeValues: { ':sentAt': sentAt },
      }),
    ),
  );
};
