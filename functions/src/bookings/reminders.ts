/**
 * Reminders of the signed-in nutritionist (docs/product.md#api: CurrentNutritionist/Reminders): by patient
 * ordered by date, or the home view (date before +3 days, not checked); create, update, delete; own only.
 */
import {
  NUTRITIONIST_HOME_WINDOW_DAYS,
  PAGE_SIZE,
  addRomeDays,
  createReminderSchema,
  romeDate,
  updateReminderSchema,
} from '@nutri/shared';
import * as z from 'zod';
import type { SignedInActor } from '../http/actor';
import { notFound } from '../http/errors';
import { created, defineOperation, noContent } from '../http/operation';
import { idPath } from '../http/path-id';
import { getPatientProfile } from '../onboarding';
import { getDisplayNames } from '../accounts';
import { now } from '../platform/clock';
import { nextId } from '../platform/db/counter';
import { pageCursor } from '../platform/db/cursor';
import {
  deleteReminder,
  getReminder,
  listRemindersPage,
  saveReminder,
  type Reminder,
} from './reminders-repo';

const reminderViews = async (reminders: readonly Reminder[]) => {
  const names = await getDisplayNames(reminders.map((reminder) => reminder.PatientUserId));
  return reminders.map((reminder) => ({
    ReminderId: reminder.ReminderId,
    PatientUserId: reminder.PatientUserId,
    PatientUserProfile: { DisplayName: names.get(reminder.PatientUserId) ?? '' },
    Description: reminder.Description,
    Date: reminder.Date,
    Checked: reminder.Checked,
  }));
};

const requireOwnReminder = async (actor: SignedInActor<'Nutritionist'>, reminderId: number) => {
  const reminder = await getReminder(reminderId);
  if (!reminder || reminder.NutritionistUserId !== actor.userId) throw notFound();
  return reminder;
};

export const listReminders = defineOperation(
  ['Nutritionist'],
  {
    query: z.strictObject({
      PatientUserId: z.string().min(1).max(100).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      cursor: z.string().max(2000).optional(),
    }),
  },
  async ({ actor, query }) => {
    const nutritionistUserId = actor.userId;
    const cursor = pageCursor('reminders', nutritionistUserId, query.PatientUserId);
    const page = await listRemindersPage(
      query.PatientUserId
        ? { kind: 'patient', nutritionistUserId, patientUserId: query.PatientUserId }
        : {
            kind: 'open',
            nutritionistUserId,
            beforeDate: addRomeDays(romeDate(now()), NUTRITIONIST_HOME_WINDOW_DAYS + 1),
          },
      query.limit ?? PAGE_SIZE.pickers,
      await cursor.decode(query.cursor),
    );
    return {
      Data: await reminderViews(page.reminders),
      Count: page.reminders.length,
      NextCursor: await cursor.encode(page.next),
    };
  },
);

export const createReminder = defineOperation(
  ['Nutritionist'],
  { body: createReminderSchema },
  async ({ actor, body }) => {
    const nutritionistUserId = actor.userId;
    const patient = await getPatientProfile(body.PatientUserId);
    if (patient?.DefaultNutritionistUserId !== nutritionistUserId) throw notFound();
    const at = now().toISOString();
    const reminder: Reminder = {
      ReminderId: await nextId('reminder'),
      NutritionistUserId: nutritionistUserId,
      ...body,
      createdAt: at,
      updatedAt: at,
      version: 1,
    };
    await saveReminder(reminder, 0);
    return created((await reminderViews([reminder]))[0]);
  },
);

export const updateReminder = defineOperation(
  ['Nutritionist'],
  { path: idPath, body: updateReminderSchema },
  async ({ actor, path, body }) => {
    const current = await requireOwnReminder(actor, path.id);
    const updated: Reminder = {
      ...current,
      ...(body.Checked !== undefined ? { Checked: body.Checked } : {}),
      ...(body.Description !== undefined ? { Description: body.Description } : {}),
      updatedAt: now().toISOString(),
      version: current.version + 1,
    };
    await saveReminder(updated, current.version);
    return (await reminderViews([updated]))[0];
  },
);

export const deleteReminderOperation = defineOperation(
  ['Nutritionist'],
  { path: idPath },
  async ({ actor, path }) => {
    const reminder = await requireOwnReminder(actor, path.id);
    await deleteReminder(reminder.ReminderId);
    return noContent();
  },
);
