/**
 * The nutritionist's fiscal data page (docs/product.md#invoicing): regime and professional register; and the
 * back office's list of nutritionists who cannot be invoiced for yet (BusinessAdmin).
 */
import { nutritionistFiscalDataSchema } from '@nutri/shared';
import { defineOperation } from '../http/operation';
import { now } from '../platform/clock';
import { listRoleMembers } from '../accounts';
import { missingFiscalData, nutritionistFiscalDataView, putFiscalSettings } from './fiscal-data';

export const getOwnFiscalData = defineOperation(['Nutritionist'], {}, async ({ actor }) =>
  nutritionistFiscalDataView(actor.userId),
);

export const putOwnFiscalData = defineOperation(
  ['Nutritionist'],
  { body: nutritionistFiscalDataSchema },
  async ({ actor, body }) => {
    await putFiscalSettings(actor.userId, body, now());
    return nutritionistFiscalDataView(actor.userId);
  },
);

/**
 * Nutritionists whose fiscal data are incomplete, with what each is missing: the health invoice of their
 * paid visits cannot be made until they complete them.
 */
export const listNutritionistsMissingFiscalData = defineOperation(['BusinessAdmin'], {}, async () => {
  const members: Awaited<ReturnType<typeof listRoleMembers>>['members'] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await listRoleMembers('Nutritionist', '', 100, cursor);
    members.push(...page.members);
    cursor = page.next;
  } while (cursor);
  const missing = await missingFiscalData(members.map((member) => member.userId));
  return {
    Data: members.flatMap((member) => {
      const items = missing.get(member.userId);
      return items
        ? [{ UserId: member.userId, DisplayName: member.DisplayName, Email: member.Email, Missing: items }]
        : [];
    }),
  };
});
