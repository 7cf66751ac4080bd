/**
 * Part of the `index-back-office` job: gives the contract acceptances recorded before the export by version
 * existed their export keys (patients-repo.ts indexConsentsForExport), so the SystemAdmin's export
 * (docs/product.md#contracts) holds every acceptance. Reads the patients' role list a page at a time (a
 * Query, never a Scan), then each patient's consents (one Query, filtered to those without the keys); a
 * record already indexed is not written again, so after the first run it writes nothing. New acceptances
 * are indexed by their own write.
 */
import { listRoleMembers } from '../accounts';
import { indexConsentsForExport } from './patients-repo';

export const indexAllConsentsForExport = async () => {
  const summary = { patients: 0, indexed: 0 };
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await listRoleMembers('Patient', '', 100, cursor);
    for (const member of page.members) {
      summary.patients += 1;
      summary.indexed += await indexConsentsForExport(member.userId);
    }
    cursor = page.next;
  } while (cursor);
  return summary;
};
