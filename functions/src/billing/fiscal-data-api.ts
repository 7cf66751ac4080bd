/** The nutritionist's fiscal data page (docs/product.md#invoicing): regime and professional register. */
import { nutritionistFiscalDataSchema } from '@nutri/shared';
import { defineOperation } from '../http/operation';
import { now } from '../platform/clock';
import { nutritionistFiscalDataView, putFiscalSettings } from './fiscal-data';

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
