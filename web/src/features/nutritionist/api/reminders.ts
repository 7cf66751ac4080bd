/**
 * Reminders (docs/product.md#states and #api: CurrentNutritionist/Reminders): the open ones due within 3 days (home
 * and bell), a patient's (all, by date), and add / check / edit / delete. A change updates every reminders
 * list in place, so a reminder just checked stays on screen (under "completed") until the next reload.
 */
import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import type { CreateReminderRequest, CursorPage, ReminderView } from '@nutri/shared';
import { api, apiPath } from '../../../api/client';

export const REMINDERS_PATH = '/CurrentNutritionist/Reminders';

type RemindersKey = readonly [string, Record<string, string | number>];

const listReminders = async ([path, query]: RemindersKey): Promise<ReminderView[]> => {
  const reminders: ReminderView[] = [];
  let cursor: string | undefined;
  do {
    const page: CursorPage<ReminderView> = await api.get(path, {
      query: { ...query, ...(cursor ? { cursor } : {}) },
    });
    reminders.push(...page.Data);
    cursor = page.NextCursor ?? undefined;
  } while (cursor);
  return reminders;
};

export const homeRemindersKey = [REMINDERS_PATH, { limit: 100 }] as const;
export const patientRemindersKey = (patientUserId: string) =>
  [REMINDERS_PATH, { PatientUserId: patientUserId, limit: 100 }] as const;

/** Open reminders dated before today + 3 days (overdue included): the home and the bell. */
export const useDueReminders = (options: SWRConfiguration = {}) =>
  useSWR(homeRemindersKey, listReminders, options);

/** Every reminder about one patient, by date. */
export const usePatientReminders = (patientUserId: string | undefined) =>
  useSWR(patientUserId ? patientRemindersKey(patientUserId) : null, listReminders);

const isRemindersKey = (key: unknown) => Array.isArray(key) && key[0] === REMINDERS_PATH;

export const useReminderMutations = () => {
  const { mutate } = useSWRConfig();
  /** Applies a change to every cached list without reloading (a reload would drop checked ones). */
  const patchLists = (change: (list: ReminderView[]) => ReminderView[]) =>
    mutate<ReminderView[]>(isRemindersKey, (list) => (list ? change(list) : list), { revalidate: false });
  return {
    add: async (request: CreateReminderRequest) => {
      const reminder = await api.post<ReminderView>(REMINDERS_PATH, request);
      // A new reminder belongs to lists by their own rules (patient, date window): ask the server.
      await mutate(isRemindersKey);
      return reminder;
    },
    update: async (reminderId: number, change: { Checked?: boolean; Description?: string }) => {
      const reminder = await api.patch<ReminderView>(
        apiPath('CurrentNutritionist', 'Reminders', reminderId),
        change,
      );
      await patchLists((list) => list.map((item) => (item.ReminderId === reminderId ? reminder : item)));
      return reminder;
    },
    remove: async (reminderId: number) => {
      await api.delete(apiPath('CurrentNutritionist', 'Reminders', reminderId));
      await patchLists((list) => list.filter((item) => item.ReminderId !== reminderId));
    },
  };
};
