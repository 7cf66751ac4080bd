/**
 * The billing area's part of a patient's erasure (docs/product.md#privacy-centre): the billing profiles
 * and their codice fiscale search entries go. The invoices keep their own copy of the fiscal data (tax law).
 */
import { codiceFiscaleSearchWrites } from '../accounts';
import { transactOrThrow } from '../platform/db/transact';
import { DomainError } from '../platform/domain-error';
import { deleteItems, partitionItems } from '../platform/personal-data';

export const eraseBillingProfiles = async (userId: string): Promise<number> => {
  const items = await partitionItems(`USER#${userId}`, 'BILLING');
  const codes = new Set(
    items.flatMap((item) => (typeof item.CodiceFiscale === 'string' ? [item.CodiceFiscale] : [])),
  );
  for (const code of codes) {
    const writes = codiceFiscaleSearchWrites(userId, code, null);
    if (writes.length)
      await transactOrThrow(
        writes.map((item) => ({ item })),
        { contended: new DomainError('conflict') },
      );
  }
  return deleteItems(items);
};
