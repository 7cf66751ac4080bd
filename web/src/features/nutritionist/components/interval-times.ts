/** The times an interval can start or end at: the day on the date-time picker's 5-minute grid. */
import { TIME_PICKER_STEP_MINUTES } from '@nutri/shared';

const pad = (value: number) => String(value).padStart(2, '0');

export const TIMES = Array.from({ length: (24 * 60) / TIME_PICKER_STEP_MINUTES }, (_, index) => {
  const minutes = index * TIME_PICKER_STEP_MINUTES;
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
});
