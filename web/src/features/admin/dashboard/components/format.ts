/** How the dashboards show figures: euros from cents, rates as percentages, Rome dates. */
import { inRome } from '@nutri/shared';
import { formatEuro } from '../../../../lib/money';

export const euro = (cents: number) => formatEuro(cents);
export const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
export const days = (value: number | null) => (value === null ? '—' : String(value));
export const monthLabel = (month: string) => inRome(`${month}-15T12:00:00Z`).format('MMM YYYY');
export const dayLabel = (date: string) => inRome(`${date}T12:00:00Z`).format('DD/MM/YYYY');
export const dateTimeLabel = (instant: string) => inRome(instant).format('DD/MM/YYYY HH:mm');
