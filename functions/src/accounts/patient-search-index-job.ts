/**
 * The back office's patient search entries (patient-search-repo.ts) of patients stored before the search
 * existed: the `index-back-office` job and the local seed run it. Reads the patients' role list a page at a
 * time (a Query, never a Scan) and their users by BatchGet; puts are idempotent, so running it again
 * rewrites the same entries. New and changed patients are indexed by their own writes.
 */
import { batchGet } from '../platform/db/batch-get';
import { putAll } from '../platform/db/batch-write';
import { codiceFiscaleSearchItem, patientSearchItems } from './patient-search-repo';
import { listRoleMembers, userKey } from './users-repo';

export const indexAllPatientsForSearch = async (
  codiceFiscaleOf: (userId: string) => Promise<string | null>,
) => {
  let cursor: Record<string, unknown> | undefined;
  let patients = 0;
  do {
    const page = await listRoleMembers('Patient', '', 100, cursor);
    const users = await batchGet(
      page.members.map((member) => userKey(member.userId)),
      { attributes: ['Id', 'DisplayName', 'Email', 'MobilePhoneNo'] },
    );
    const items: Record<string, unknown>[] = [];
    for (const user of users) {
      const searchable = {
        Id: String(user.Id),
        DisplayName: typeof user.DisplayName === 'string' ? user.DisplayName : '',
        Email: typeof user.Email === 'string' ? user.Email : '',
        MobilePhoneNo: typeof user.MobilePhoneNo === 'string' ? user.MobilePhoneNo : null,
      };
      items.push(...patientSearchItems(searchable));
      const codiceFiscale = await codiceFiscaleOf(searchable.Id);
      if (codiceFiscale) items.push(codiceFiscaleSearchItem(searchable.Id, codiceFiscale));
    }
    await putAll(items);
    patients += users.length;
    cursor = page.next;
  } while (cursor);
  return { patients };
};
