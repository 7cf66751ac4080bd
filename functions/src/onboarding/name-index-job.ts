/**
 * Job `index-patient-names`: writes the name words (patients-repo) of patients stored before the search
 * by name words existed. Each run reads every nutritionist's patient list once (a Query per nutritionist,
 * never a Scan) and writes only profiles still without `NameWords`, so after the first run it writes
 * nothing. New and moved patients are indexed by their own writes.
 */
import { listRoleMembers } from '../accounts';
import { indexPatientNames } from './patients-repo';

export const indexAllPatientNames = async () => {
  const summary = { nutritionists: 0, indexed: 0 };
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await listRoleMembers('Nutritionist', '', 100, cursor);
    for (const member of page.members) {
      summary.nutritionists += 1;
      summary.indexed += await indexPatientNames(member.userId);
    }
    cursor = page.next;
  } while (cursor);
  return summary;
};
