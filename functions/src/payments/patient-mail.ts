/**
 * The patient's mail of a payments outbox item (confirmation, late payment, unapplied payment), as one
 * outbox step: recorded once SES accepted it (at least once). A deleted account gets nothing and the step
 * is done (a refund goes back to the card anyway).
 */
import { getUser } from '../accounts';
import { sendMail, type Mail } from '../platform/mail';
import type { OutboxEntry, OutboxStep } from '../platform/outbox';

export const mailPatientStep = (
  step: OutboxStep,
  entry: OutboxEntry,
  patientUserId: string,
  kind: string,
  mailFor: (patientName: string) => Omit<Mail, 'to' | 'tags'>,
) =>
  step('mail:patient', async () => {
    const patient = await getUser(patientUserId);
    if (!patient?.Email) return;
    await sendMail({ to: patient.Email, ...mailFor(patient.Name), tags: { kind, outbox: entry.OutboxId } });
  });
