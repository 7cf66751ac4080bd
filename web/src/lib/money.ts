import { CURRENCY, LOCALE } from './shared-values';

const euro = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 0,
});
const euroCents = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
});

/** Integer cents to '55 €' (or '55,50 €' when there are cents). */
export const formatEuro = (cents: number) => (cents % 100 === 0 ? euro : euroCents).format(cents / 100);
