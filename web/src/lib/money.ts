import { CURRENCY, LOCALE } from './shared-values';

const formatters = new Map<number, Intl.NumberFormat>();

/**
 * The formatter with `fractionDigits` decimals, made on first use: the first Intl formatter of a page
 * loads the browser's locale data (tens of milliseconds on a phone), which must not fall on the
 * evaluation of the modules that import this one.
 */
const euroFormat = (fractionDigits: number) => {
  let format = formatters.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: CURRENCY,
      minimumFractionDigits: fractionDigits,
    });
    formatters.set(fractionDigits, format);
  }
  return format;
};

/** Integer cents to '55 €' (or '55,50 €' when there are cents). */
export const formatEuro = (cents: number) => euroFormat(cents % 100 === 0 ? 0 : 2).format(cents / 100);
