/**
 * A week of free slots for the benchmarks that book: a nutritionist opens 08:00-20:00 on each of the next
 * `WEEK_DAYS` days through the API, and paid visits (50 minutes) start on the hour, so they never overlap.
 */
import { addRomeDays, romeDate } from '@nutri/shared';

export const SLOT_HOURS = Array.from({ length: 12 }, (_, n) => `${String(8 + n).padStart(2, '0')}:00`);
export const WEEK_DAYS = 7;

export interface Slot {
  SelectedDate: string;
  SelectedTime: string;
}

/** Opens the nutritionist's week (`nutritionistToken`: a signed-in nutritionist) and returns its hourly slots. */
export const openWeekOfSlots = async (baseUrl: string, nutritionistToken: string): Promise<Slot[]> => {
  const today = romeDate(new Date());
  const slots: Slot[] = [];
  for (let day = 1; day <= WEEK_DAYS; day += 1) {
    const date = addRomeDays(today, day);
    const response = await fetch(`${baseUrl}/api/v2/CurrentNutritionist/DailyAvailabilities`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${nutritionistToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ IntervalDate: date, IntervalStart: '08:00', IntervalEnd: '20:00' }),
    });
    if (response.status !== 201) throw new Error(`availability: ${response.status} ${await response.text()}`);
    for (const time of SLOT_HOURS) slots.push({ SelectedDate: date, SelectedTime: time });
  }
  return slots;
};
