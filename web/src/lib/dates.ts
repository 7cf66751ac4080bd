/** Italian dates everywhere (docs/product.md#limits: DD/MM/YYYY, week starting on Monday). */
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import type { DatesProviderSettings } from '@mantine/dates';
import { onFirstUse } from './on-first-use';
import { DATE_FORMAT } from './shared-values';

dayjs.locale('it');

export const DATES_SETTINGS: DatesProviderSettings = { locale: 'it', firstDayOfWeek: 1, weekendDays: [0, 6] };

type DateLike = string | number | Date | dayjs.Dayjs;

/** `formatDate('2025-03-07T10:00:00Z')` -> '07/03/2025'; an empty or invalid value gives ''. */
export const formatDate = (value: DateLike | null | undefined, format: string = DATE_FORMAT): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : '';
};

const romeDateTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('it-IT', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Rome',
    }),
);

/** An instant on the Italian wall clock, wherever the browser is: '07/03/2025, 11:00'. */
export const formatRomeDateTime = (value: string | number | Date) => romeDateTime().format(new Date(value));

/** `formatDateTime(...)` -> '07/03/2025 11:00'. */
export const formatDateTime = (value: DateLike | null | undefined) =>
  formatDate(value, `${DATE_FORMAT} HH:mm`);
