/** How the calendar names a week: "dal 23 al 29 marzo 2027" (weeks start on Monday, docs/product.md#limits). */
import { addRomeDays, inRome, romeInstant } from '@nutri/shared';

const dayOf = (date: string) => inRome(romeInstant(date, '12:00'));

export const weekLabel = (monday: string) => {
  const first = dayOf(monday);
  const last = dayOf(addRomeDays(monday, 6));
  const from = first.month() === last.month() ? first.format('D') : first.format('D MMMM');
  return `dal ${from} al ${last.format('D MMMM YYYY')}`;
};
