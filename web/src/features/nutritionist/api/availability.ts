/**
 * The nutritionist's availability intervals (docs/product.md#api: CurrentNutritionist/DailyAvailabilities):
 * the window from tomorrow to +7 days (the server's default), add and remove. The home's warning and the
 * calendar page read the same key, so a change shows in both.
 */
import useSWR, { useSWRConfig } from 'swr';
import type { CreateIntervalRequest, CursorPage, DailyAvailabilityView } from '@nutri/shared';
import { api, apiPath } from '../../../api/client';

export const AVAILABILITY_PATH = '/CurrentNutritionist/DailyAvailabilities';

/** At most 100 per page: more than anyone sets in a week, and the loop below reads any rest. */
const listWindow = async (): Promise<DailyAvailabilityView[]> => {
  const intervals: DailyAvailabilityView[] = [];
  let cursor: string | null = null;
  do {
    const page: CursorPage<DailyAvailabilityView> = await api.get(AVAILABILITY_PATH, {
      query: { limit: 100, cursor },
    });
    intervals.push(...page.Data);
    cursor = page.NextCursor;
  } while (cursor);
  return intervals;
};

/** Intervals of days 1 to 7, by date and start time. */
export const useAvailability = () => useSWR(AVAILABILITY_PATH, listWindow);

export const useAvailabilityMutations = () => {
  const { mutate } = useSWRConfig();
  return {
    add: async (request: CreateIntervalRequest) => {
      const interval = await api.post<DailyAvailabilityView>(AVAILABILITY_PATH, request);
      await mutate(AVAILABILITY_PATH);
      return interval;
    },
    remove: async (intervalId: number) => {
      await api.delete(apiPath('CurrentNutritionist', 'DailyAvailabilities', intervalId));
      await mutate(AVAILABILITY_PATH);
    },
  };
};
