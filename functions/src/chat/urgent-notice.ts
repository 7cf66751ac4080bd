/**
 * `POST CurrentNutritionist/Patients/{id}/SendUrgentChatMessageNotification` (docs/product.md#roles, #api, #errors): the
 * nutritionist asks one of their own patients, on WhatsApp, to read the chat. Anyone else's patient is
 * as unknown as a missing one (404). A patient without a phone number gets the spec's error (422); a
 * second notice to the same patient within URGENT_NOTICE_INTERVAL_MS is refused (429), so a double click
 * or an impatient hand never sends a burst of WhatsApp messages.
 *
 * Item `URGENTNOTICE#<patientUserId>` / `URGENTNOTICE`: `LastSentAt`, `NutritionistUserId`, `Transport`,
 * `ProviderMessageId`. Claimed with a conditional write before the send (so two concurrent clicks send
 * once), given back when the provider fails (so the nutritionist can retry at once).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import {
  URGENT_NOTICE_INTERVAL_MS,
  honorific,
  urgentNoticeTexts,
  type UrgentNoticeResponse,
} from '@nutri/shared';
import { getUser } from '../accounts';
import { AppError, notFound, tooManyRequests, unauthorized } from '../http/errors';
import { defineOperation } from '../http/operation';
import { getNutritionistProfile } from '../nutritionists';
import { getPatientProfile } from '../onboarding';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { db, tableName, toEpochSeconds } from '../platform/db/client';
import { logger } from '../platform/logger';
import { WhatsAppError, sendWhatsAppTemplate } from '../platform/whatsapp';
import { chatConversationUrl } from './email-notification-mail';

const noticeKey = (patientUserId: string) => ({ pk: `URGENTNOTICE#${patientUserId}`, sk: 'URGENTNOTICE' });

/** Takes the patient's notice slot; the instant the current slot frees up when it is taken. */
const claimSlot = async (patientUserId: string, nutritionistUserId: string, at: Date) => {
  const sentAt = at.toISOString();
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: noticeKey(patientUserId),
        UpdateExpression:
          'SET LastSentAt = :sentAt, NutritionistUserId = :nutritionist, expiresAt = :expires REMOVE ProviderMessageId, Transport',
        ConditionExpression: 'attribute_not_exists(LastSentAt) OR LastSentAt <= :cutoff',
        ExpressionAttributeValues: {
          ':sentAt': sentAt,
          ':nutritionist': nutritionistUserId,
          ':cutoff': new Date(at.getTime() - URGENT_NOTICE_INTERVAL_MS).toISOString(),
          ':expires': toEpochSeconds(at) + URGENT_NOTICE_INTERVAL_MS / 1000,
        },
      }),
    );
    return { claimed: true as const, sentAt };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return { claimed: false as const };
  }
};

const secondsUntilFree = async (patientUserId: string, at: Date) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: noticeKey(patientUserId), ConsistentRead: true }),
  );
  const last = typeof Item?.LastSentAt === 'string' ? new Date(Item.LastSentAt).getTime() : at.getTime();
  return Math.max(1, Math.ceil((last + URGENT_NOTICE_INTERVAL_MS - at.getTime()) / 1000));
};

const releaseSlot = async (patientUserId: string, sentAt: string) => {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: noticeKey(patientUserId),
        UpdateExpression: 'REMOVE LastSentAt',
        ConditionExpression: 'LastSentAt = :sentAt',
        ExpressionAttributeValues: { ':sentAt': sentAt },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

export const sendUrgentChatMessageNotification = defineOperation(
  { path: z.object({ id: z.string().min(1).max(100) }) },
  async ({ actor, path }): Promise<UrgentNoticeResponse> => {
    if (!actor) throw unauthorized();
    const nutritionistUserId = actor.userId;
    const patient = await getPatientProfile(path.id);
    if (patient?.DefaultNutritionistUserId !== nutritionistUserId) throw notFound();
    const [user, nutritionist, profile] = await Promise.all([
      getUser(path.id),
      getUser(nutritionistUserId),
      getNutritionistProfile(nutritionistUserId),
    ]);
    if (!user) throw notFound();
    if (!user.MobilePhoneNo) throw new AppError('unprocessable', urgentNoticeTexts.noPhone);

    const at = now();
    const slot = await claimSlot(path.id, nutritionistUserId, at);
    if (!slot.claimed) {
      const seconds = await secondsUntilFree(path.id, at);
      throw tooManyRequests(seconds, urgentNoticeTexts.tooSoon(Math.ceil(seconds / 60)));
    }
    const titledName = `${honorific(profile?.PersonalTitle)} ${nutritionist?.DisplayName ?? ''}`.trim();
    const chatUrl = chatConversationUrl(config().PUBLIC_BASE_URL, nutritionistUserId);
    try {
      const sent = await sendWhatsAppTemplate({
        to: user.MobilePhoneNo,
        parameters: [user.Name, titledName],
        preview: `Ciao ${user.Name}, ${titledName} ti ha scritto nella chat di Nutrì e ti chiede di leggere il messaggio al più presto: ${chatUrl}`,
      });
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: noticeKey(path.id),
          UpdateExpression: 'SET Transport = :transport, ProviderMessageId = :id',
          ConditionExpression: 'LastSentAt = :sentAt',
          ExpressionAttributeValues: {
            ':transport': sent.transport,
            ':id': sent.messageId,
            ':sentAt': slot.sentAt,
          },
        }),
      );
      return { SentAt: slot.sentAt };
    } catch (error) {
      await releaseSlot(path.id, slot.sentAt);
      if (!(error instanceof WhatsAppError)) throw error;
      logger.warn('Urgent notice not sent', {
        reason: error.reason,
        status: error.status,
        providerCode: error.providerCode,
      });
      // 5xx either way: the nutritionist did nothing wrong, and 422 means "no phone number" to the page.
      throw new AppError(
        'internal',
        error.reason === 'not-configured'
          ? urgentNoticeTexts.notConfigured
          : urgentNoticeTexts.providerFailed,
        { cause: error },
      );
    }
  },
);
