/**
 * `POST CurrentNutritionist/Patients/{id}/SendUrgentChatMessageNotification` (docs/product.md#roles, #api, #errors): the
 * nutritionist asks one of their own patients, on WhatsApp, to read the chat. Anyone else's patient is
 * as unknown as a missing one (404). A patient without a phone number gets the spec's error (422); a
 * second notice to the same patient within URGENT_NOTICE_INTERVAL_MS is refused (429), so a double click
 * or an impatient hand never sends a burst of WhatsApp messages.
 *
 * The patient's notice slot (urgent-notice-repo.ts) is claimed with a conditional write before the send
 * (so two concurrent clicks send once), given back when the provider fails (so the nutritionist can retry
 * at once).
 */
import * as z from 'zod';
import {
  URGENT_NOTICE_INTERVAL_MS,
  honorific,
  urgentNoticeTexts,
  type UrgentNoticeResponse,
} from '@nutri/shared';
import { getUser } from '../accounts';
import { AppError, notFound, tooManyRequests } from '../http/errors';
import { defineOperation } from '../http/operation';
import { getNutritionistProfile } from '../nutritionists';
import { getPatientProfile } from '../onboarding';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { logger } from '../platform/logger';
import { WhatsAppError, sendWhatsAppTemplate, type WhatsAppSendResult } from '../platform/whatsapp';
import { chatConversationUrl } from './email-notification-mail';
import { recordUrgentNotice } from './urgent-notice-log-repo';
import { urgentNoticeWhatsAppText } from './urgent-notice-text';
import {
  claimNoticeSlot,
  getLastNoticeSentAt,
  recordNoticeSent,
  releaseNoticeSlot,
} from './urgent-notice-repo';

const secondsUntilFree = async (patientUserId: string, at: Date) => {
  const lastSentAt = await getLastNoticeSentAt(patientUserId);
  const last = lastSentAt ? new Date(lastSentAt).getTime() : at.getTime();
  return Math.max(1, Math.ceil((last + URGENT_NOTICE_INTERVAL_MS - at.getTime()) / 1000));
};

export const sendUrgentChatMessageNotification = defineOperation(
  ['Nutritionist'],
  { path: z.object({ id: z.string().min(1).max(100) }) },
  async ({ actor, path }): Promise<UrgentNoticeResponse> => {
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
    const slot = await claimNoticeSlot(path.id, nutritionistUserId, at, URGENT_NOTICE_INTERVAL_MS);
    if (!slot.claimed) {
      const seconds = await secondsUntilFree(path.id, at);
      throw tooManyRequests(seconds, urgentNoticeTexts.tooSoon(Math.ceil(seconds / 60)));
    }
    const titledName = `${honorific(profile?.PersonalTitle)} ${nutritionist?.DisplayName ?? ''}`.trim();
    const chatUrl = chatConversationUrl(config().PUBLIC_BASE_URL, nutritionistUserId);
    let sent: WhatsAppSendResult;
    try {
      sent = await sendWhatsAppTemplate({
        to: user.MobilePhoneNo,
        body: urgentNoticeWhatsAppText(user.Name, titledName),
        // The template's button opens the conversation: its approved link ends with `?UserId=`.
        urlButtonSuffix: nutritionistUserId,
        buttonUrl: chatUrl,
      });
    } catch (error) {
      await releaseNoticeSlot(path.id, slot.sentAt);
      if (!(error instanceof WhatsAppError)) throw error;
      logger.warn('Urgent notice not sent', {
        reason: error.reason,
        status: error.status,
        providerCode: error.providerCode,
      });
      // The back office's log keeps the refusal too (docs/product.md#back-office), with its reason.
      await recordUrgentNotice({
        PatientUserId: path.id,
        NutritionistUserId: nutritionistUserId,
        SentAt: slot.sentAt,
        Transport: null,
        ProviderMessageId: null,
        Status: 'failed',
        FailureReason: `${error.reason}${error.providerCode ? ` (codice ${error.providerCode})` : ''}`,
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
    await recordNoticeSent(path.id, slot.sentAt, sent);
    // The back office's log (docs/product.md#back-office): its delivery status follows from the webhook.
    await recordUrgentNotice({
      PatientUserId: path.id,
      NutritionistUserId: nutritionistUserId,
      SentAt: slot.sentAt,
      Transport: sent.transport,
      ProviderMessageId: sent.messageId,
      Status: 'accepted',
    });
    return { SentAt: slot.sentAt };
  },
);
