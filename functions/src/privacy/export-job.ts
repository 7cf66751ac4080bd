/**
 * The export job (docs/product.md#privacy-centre), run by the outbox deliverer after a patient asked for
 * their data: every area hands over the items it holds about the user (through its index), the job zips
 * them as JSON with the user's chat files and invoice PDFs, stores the zip in the private bucket and mails a
 * presigned link that works for a day. Steps: `zip` (stored under the request's own key, so a repeat
 * overwrites the same object), `mail`, `finish`.
 */
import { PRIVACY_EXPORT_LINK_HOURS } from '@nutri/shared';
import { accountPersonalData, getUser } from '../accounts';
import { billingPersonalData } from '../billing';
import { bookingPersonalData } from '../bookings';
import { chatPersonalData } from '../chat';
import { onboardingPersonalData } from '../onboarding';
import { paymentPersonalData } from '../payments';
import { now } from '../platform/clock';
import { config } from '../platform/config';
import { headObject, presignDownload, putObject, readObject } from '../platform/files';
import { sendMail } from '../platform/mail';
import type { OutboxEntry, OutboxStep } from '../platform/outbox';
import type { PersonalData } from '../platform/personal-data';
import { privacyExportReadyMail } from './mails';
import { finishPrivacyRequest, getPrivacyRequest, type PrivacyRequest } from './requests-repo';

export const exportKey = (request: Pick<PrivacyRequest, 'UserId' | 'RequestId'>) =>
  `privacy-exports/${request.UserId}/${request.RequestId}.zip`;

/** Every area's part of one user's data, each read from the user's own partitions. */
export const collectPersonalData = async (userId: string): Promise<PersonalData[]> => {
  const parts = await Promise.all([
    accountPersonalData(userId),
    onboardingPersonalData(userId),
    billingPersonalData(userId),
    bookingPersonalData(userId),
    chatPersonalData(userId),
  ]);
  const bookingIds = parts[3]
    .filter((part) => part.section === 'bookings')
    .flatMap((part) => part.items.map((item) => Number(item.BookingId)))
    .filter(Number.isFinite);
  return [...parts.flat(), ...(await paymentPersonalData(userId, bookingIds))];
};

/** The zip: one JSON file per section, the files under their own folders, and a short README. */
export const buildExportZip = async (userId: string, at: Date) => {
  const { zipSync, strToU8 } = await import('fflate');
  const parts = await collectPersonalData(userId);
  const entries: Record<string, Uint8Array> = {
    'LEGGIMI.txt': strToU8(
      `Dati del tuo account Nutrì, esportati il ${at.toISOString()}.\n` +
        'Ogni file .json contiene una parte dei dati (account, profilo, consensi, questionario, appuntamenti, chat, fatture…);\n' +
        'le cartelle chat-files e invoices contengono i file della chat e i PDF delle fatture.\n',
    ),
  };
  const outcome: Record<string, number> = {};
  let files = 0;
  for (const part of parts) {
    entries[`${part.section}.json`] = strToU8(JSON.stringify(part.items, null, 2));
    outcome[part.section] = part.items.length;
    for (const file of part.files ?? []) {
      if (!(await headObject(config().FILES_BUCKET, file.key))) continue;
      entries[file.name] = new Uint8Array(await readObject(config().FILES_BUCKET, file.key));
      files += 1;
    }
  }
  outcome.files = files;
  return { zip: zipSync(entries, { level: 6 }), outcome };
};

export const handlePrivacyExport = async (entry: OutboxEntry, step: OutboxStep) => {
  const request = await getPrivacyRequest(String(entry.Payload.requestId));
  // A failed request is tried again by the outbox; a finished one is left alone.
  if (!request || request.Kind !== 'export' || request.Status === 'done') return;
  const key = exportKey(request);
  let outcome: Record<string, number> = {};
  await step(
    'zip',
    async () => {
      const built = await buildExportZip(request.UserId, now());
      outcome = built.outcome;
      await putObject(config().FILES_BUCKET, key, Buffer.from(built.zip), 'application/zip');
    },
    { idempotent: true },
  );
  await step('mail', async () => {
    const user = await getUser(request.UserId);
    if (!user?.Email) return;
    const url = await presignDownload(
      config().FILES_BUCKET,
      key,
      PRIVACY_EXPORT_LINK_HOURS * 3600,
      `nutri-dati-${request.RequestedAt.slice(0, 10)}.zip`,
    );
    await sendMail({ to: user.Email, ...privacyExportReadyMail(user.DisplayName, url) });
  });
  await step('finish', () => finishPrivacyRequest(request.RequestId, 'done', outcome, now()), {
    idempotent: true,
  });
};
