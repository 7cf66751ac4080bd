/**
 * Job `rematch-unassigned-patients`: runs the matching again for patients still at onboarding step 0
 * without a nutritionist (nobody suitable when they answered the questionnaire), and sends the mails of
 * assignments still due. Reads only the two sparse gsi3 queues, never the whole table. Safe to run twice
 * or at the same time as an admin: every assignment and every mail is a conditional write.
 */
import { listMatchCandidates } from './candidates';
import { assignLate, deliverAssignmentMail } from './assignment';
import { matchNutritionist } from './matching';
import { listDueAssignmentMails, listUnassignedPatients } from './patients-repo';
import { getSubmission } from './submissions-repo';

const PAGE_SIZE = 100;

export interface RematchSummary {
  checked: number;
  assigned: number;
  stillUnassigned: number;
  mailsSent: number;
  mailsFailed: number;
}

export const rematchUnassignedPatients = async (): Promise<RematchSummary> => {
  const summary: RematchSummary = {
    checked: 0,
    assigned: 0,
    stillUnassigned: 0,
    mailsSent: 0,
    mailsFailed: 0,
  };
  const countMail = (outcome: string) => {
    if (outcome === 'sent') summary.mailsSent += 1;
    if (outcome === 'failed') summary.mailsFailed += 1;
  };
  // Loads move as patients are assigned in this run, so the next choice sees them (as the webhook would).
  const candidates = await listMatchCandidates();

  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await listUnassignedPatients(PAGE_SIZE, cursor);
    for (const patient of page.patients) {
      summary.checked += 1;
      const submission = patient.TallySubmissionId ? await getSubmission(patient.TallySubmissionId) : null;
      // Without answers there is nothing to match on: an admin assigns by hand.
      const outcome = submission ? matchNutritionist(submission.criteria, candidates) : null;
      if (outcome?.kind !== 'matched' || !submission) {
        summary.stillUnassigned += 1;
        continue;
      }
      const chosen = candidates.find((candidate) => candidate.userId === outcome.chosen.userId)!;
      const result = await assignLate({
        patient,
        chosen,
        criteria: submission.criteria,
        candidates,
        source: { kind: 'rematch' },
      });
      if (!result.assigned) continue;
      summary.assigned += 1;
      chosen.activePatients += 1;
      countMail(result.mail);
    }
    cursor = page.next;
  } while (cursor);

  // Mails whose send failed, or whose sender stopped half-way, in this run or an earlier one.
  cursor = undefined;
  do {
    const page = await listDueAssignmentMails(PAGE_SIZE, cursor);
    for (const patient of page.patients) countMail(await deliverAssignmentMail(patient.UserId));
    cursor = page.next;
  } while (cursor);
  return summary;
};
