/**
 * Italian settings for @mantine/dates inputs (docs/product.md#limits: DD/MM/YYYY, week starting on Monday). Pages
 * with date pickers wrap them in <ItalianDates>: the dates package and dayjs stay out of the landing chunk.
 * Date pickers also need '@mantine/dates/styles.layer.css', imported here.
 */
import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { DATES_SETTINGS } from '../lib/dates';

export function ItalianDates({ children }: { children: ReactNode }) {
  return <DatesProvider settings={DATES_SETTINGS}>{children}</DatesProvider>;
}
