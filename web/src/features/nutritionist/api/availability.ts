/**
 * The nutritionist's calendar (docs/product.md#calendar and #api): the view of some days
 * (`CurrentNutritionist/Calendar`: availability with the weekly template, bookings, Google's busy times),
 * the template, a date's exception, copying a week, and adding or removing one interval. Every change
 * reloads every calendar view, so the home's warning and the calendar page agree.
 */
import useSWR, { useSWRConfig } from 'swr';
import {
  AVAILABILITY_WINDOW_DAYS,
  type AvailabilityTemplateView,
  type CalendarRangeView,
  type CopyWeekRequest,
  type CreateIntervalRequest,
  type DailyAvailabilityView,
  type TemplateInterval,
  type TimeRange,
} from '@nutri/shared';
import { api, apiPath } from '../../../api/client';
import { romeDays } from '../../bookings';

const AVAILABILITY_PATH = '/CurrentNutritionist/DailyAvailabilities';
const CALENDAR_PATH = '/CurrentNutritionist/Calendar';
const TEMPLATE_PATH = '/CurrentNutritionist/AvailabilityTemplate';

const calendarKey = (from: string, to: string) => [CALENDAR_PATH, from, to] as const;

/** The calendar of the dates from `from` to `to` (at most 7). */
export const useCalendarRange = (from: string, to: string) =>
  useSWR(calendarKey(from, to), ([path, first, last]) =>
    api.get<CalendarRangeView>(path, { query: { from: first, to: last } }),
  );

/** The availability of days 1 to 7 (docs/product.md#bookings: the home's warning under 4 intervals). */
export const useAvailability = () => {
  const [first] = romeDays(AVAILABILITY_WINDOW_DAYS.from, AVAILABILITY_WINDOW_DAYS.from);
  const [last] = romeDays(AVAILABILITY_WINDOW_DAYS.to, AVAILABILITY_WINDOW_DAYS.to);
  const range = useCalendarRange(first!, last!);
  return { ...range, data: range.data?.Intervals };
};

export const useAvailabilityTemplate = () =>
  useSWR(TEMPLATE_PATH, (path) => api.get<AvailabilityTemplateView>(path));

export const useAvailabilityMutations = () => {
  const { mutate } = useSWRConfig();
  const reload = () => mutate((key) => Array.isArray(key) && key[0] === CALENDAR_PATH);
  return {
    add: async (request: CreateIntervalRequest) => {
      const interval = await api.post<DailyAvailabilityView>(AVAILABILITY_PATH, request);
      await reload();
      return interval;
    },
    remove: async (intervalId: number) => {
      await api.delete(apiPath('CurrentNutritionist', 'DailyAvailabilities', intervalId));
      await reload();
    },
    saveTemplate: async (intervals: TemplateInterval[]) => {
      const saved = await api.put<AvailabilityTemplateView>(TEMPLATE_PATH, { Intervals: intervals });
      await mutate(TEMPLATE_PATH, saved, { revalidate: false });
      await reload();
    },
    setException: async (date: string, intervals: TimeRange[]) => {
      await api.put(apiPath('CurrentNutritionist', 'AvailabilityExceptions', date), { Intervals: intervals });
      await reload();
    },
    removeException: async (date: string) => {
      await api.delete(apiPath('CurrentNutritionist', 'AvailabilityExceptions', date));
      await reload();
    },
    copyWeek: async (request: CopyWeekRequest) => {
      await api.post(apiPath('CurrentNutritionist', 'DailyAvailabilities', 'CopyWeek'), request);
      await reload();
    },
  };
};
