/** The billing area's part of a user's export (docs/product.md#privacy-centre): their billing profiles. */
import { exportable, partitionItems, type PersonalData } from '../platform/personal-data';

export const billingPersonalData = async (userId: string): Promise<PersonalData[]> => [
  {
    section: 'billing-profiles',
    items: (await partitionItems(`USER#${userId}`, 'BILLING')).map(exportable),
  },
];
