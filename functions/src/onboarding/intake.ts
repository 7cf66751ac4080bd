/**
 * GET Tally/Patient/{userId}: a patient's questionnaire answers (health data). Only the patient's own
 * nutritionist (with hidden, phone and e-mail fields left out) and admins (everything) may read them.
 */
import { INTAKE_HIDDEN_TYPES, type TallyFieldType } from '@nutri/shared';
import * as z from 'zod';
import { hasRole } from '../http/actor';
import { forbidden, notFound } from '../http/errors';
import { defineOperation } from '../http/operation';
import { recordAudit } from '../platform/audit';
import { now } from '../platform/clock';
import { getPatientProfile } from './patients-repo';
import { getSubmission } from './submissions-repo';

export const getPatientIntake = defineOperation(
  ['Nutritionist', 'BusinessAdmin', 'SystemAdmin'],
  { path: z.object({ userId: z.string().min(1).max(100) }) },
  async ({ path, actor }) => {
    const patient = await getPatientProfile(path.userId);
    const isAdmin = hasRole(actor, 'BusinessAdmin') || hasRole(actor, 'SystemAdmin');
    const isOwnNutritionist =
      hasRole(actor, 'Nutritionist') &&
      patient !== null &&
      patient.DefaultNutritionistUserId === actor.userId;
    // The same answer whether the patient exists or not, so ids cannot be probed.
    if (!isAdmin && !isOwnNutritionist) throw forbidden();
    if (!patient?.TallySubmissionId) throw notFound();
    const submission = await getSubmission(patient.TallySubmissionId);
    if (!submission) throw notFound();
    // Every reading of health data is audited (docs/product.md#audit-trail), the patient's own nutritionist's
    // too, before anything is returned.
    await recordAudit(
      {
        Action: 'tally.answers.read',
        ActorUserId: actor.userId,
        SubjectType: 'patient',
        SubjectId: path.userId,
        Details: { SubmissionId: submission.submissionId },
      },
      now(),
    );
    const fields = isAdmin
      ? submission.fields
      : submission.fields.filter((field) => !INTAKE_HIDDEN_TYPES.includes(field.type as TallyFieldType));
    return {
      Data: JSON.stringify(
        fields.map(({ key, label, type, value, options }) => ({ key, label, type, value, options })),
      ),
      SubmittedAt: submission.receivedAt,
    };
  },
);
