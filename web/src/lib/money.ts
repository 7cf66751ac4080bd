import { CURRENCY, LOCALE } from './shared-values';
import { onFirstUse } from './on-first-use';

const euroFormatWith = (fractionDigits: number) =>
  onFirstUse(
    () =>
      new Intl.NumberFormat(LOCALE, {
        style: 'currency',
        currency: CURRENCY,
        minimumFractionDigits: fractionDigits,
      }),
  );
const euro = euroFormatWith(0);
const euroCents = euroFormatWith(2);

/** Integer cents to '55 €' (or '55,50 €' when there are cents). */
export const formatEuro = (cents: number) => (cents % 100 === 0 ? euro() : euroCents()).format(cents / 100);
