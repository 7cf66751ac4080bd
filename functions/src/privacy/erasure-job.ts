/**
 * The erasure job (docs/product.md#privacy-centre), run by the outbox deliverer after a patient asked to
 * delete their account. Steps, each safe to run again: `sessions` (every refresh family revoked, open
 * WebSocket connections dropped), `notify` (the nutritionist who follows the patient is told, by name, before
 * the name goes), then each area erases what it holds (chat, billing, reminders, patient profile and
 * questionnaire, account), and `finish` records the counts. Kept: invoices and credit notes (tax law, ten
 * years), bookings and their history (by id only, for the statistics), contract acceptances and audit
 * entries (docs/decisions/0031-privacy-export-erasure.md).
 */
import { ERASED_DISPLAY_NAME, endAllSessions, eraseAccount, getUser, getUserContacts } from '../accounts';
import { eraseBillingProfiles } from '../billing';
import { erasePatientReminders } from '../bookings';
import { eraseChatData } from '../chat';
import { erasePatientData, patientOfErasure } from '../onboarding';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { deletePrefix } from '../platform/files';
import { sendMail } from '../platform/mail';
import type { OutboxEntry, OutboxStep } from '../platform/outbox';
import { patientErasedNoticeMail } from './mails';
import { finishPrivacyRequest, getPrivacyRequest } from './requests-repo';

export const handlePrivacyErasure = async (entry: OutboxEntry, step: OutboxStep) => {
  const request = await getPrivacyRequest(String(entry.Payload.requestId));
  // A failed request is tried again by the outbox; a finished one is left alone.
  if (!request || request.Kind !== 'erasure' || request.Status === 'done') return;
  const userId = request.UserId;
  const outcome: Record<string, number> = {};
  const run = (name: string, erase: () => Promise<number>) =>
    step(
      name,
      async () => {
        outcome[name] = await erase();
      },
      { idempotent: true },
    );

  await run('sessions', () => endAllSessions(userId, now()));
  await step('notify', async () => {
    const patient = await patientOfErasure(userId);
    const user = await getUser(userId);
    if (!patient?.nutritionistUserId || !user || user.DisplayName === ERASED_DISPLAY_NAME) return;
    const nutritionist = (await getUserContacts([patient.nutritionistUserId])).get(
      patient.nutritionistUserId,
    );
    if (!nutritionist?.Email) return;
    await sendMail({
      to: nutritionist.Email,
      ...patientErasedNoticeMail(nutritionist.DisplayName, user.DisplayName),
    });
  });
  await run('chat', () => eraseChatData(userId));
  await run('billing-profiles', () => eraseBillingProfiles(userId));
  await run('reminders', () => erasePatientReminders(userId));
  await run('patient-profile', () => erasePatientData(userId, ERASED_DISPLAY_NAME, now()));
  await run('account', () => eraseAccount(userId));
  await run('exports', async () => {
    await deletePrefix(config().FILES_BUCKET, `privacy-exports/${userId}/`);
    return 0;
  });
  await step('finish', () => finishPrivacyRequest(request.RequestId, 'done', outcome, now()), {
    idempotent: true,
  });
};
