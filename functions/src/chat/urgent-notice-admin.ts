/**
 * `GET Admin/Whatsapp` (BusinessAdmin, docs/product.md#back-office): every urgent WhatsApp notice, newest
 * first, with its provider status, filtered by Rome date range, status, nutritionist and patient. It holds
 * no message text and no phone number: only who, when and what the provider said.
 */
import * as z from 'zod';
import { addRomeDays, romeInstant } from '@nutri/shared';
import { getUserNames } from '../accounts';
import { defineOperation } from '../http/operation';
import { pageLimitSchema } from '../http/page-query';
import { pageCursor } from '../platform/db/cursor';
import { NOTICE_STATUSES, listUrgentNotices } from './urgent-notice-log-repo';

const romeDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida: usa il formato AAAA-MM-GG.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T12:00:00Z`)), 'Data non valida.');

export const urgentNoticeFiltersSchema = z
  .strictObject({
    limit: pageLimitSchema(),
    cursor: z.string().max(2000).optional(),
    status: z.enum(NOTICE_STATUSES, { error: 'Stato non valido.' }).optional(),
    nutritionistUserId: z.string().min(1).max(100, 'Identificativo troppo lungo.').optional(),
    patientUserId: z.string().min(1).max(100, 'Identificativo troppo lungo.').optional(),
    from: romeDay.optional(),
    to: romeDay.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'La data di inizio deve precedere quella di fine.',
    path: ['to'],
  });

export const listUrgentNoticesForAdmin = defineOperation(
  ['BusinessAdmin'],
  { query: urgentNoticeFiltersSchema },
  async ({ query }) => {
    const { limit, cursor: rawCursor, ...filters } = query;
    const cursor = pageCursor('urgent-notices', filters);
    const page = await listUrgentNotices(
      {
        status: filters.status,
        nutritionistUserId: filters.nutritionistUserId,
        patientUserId: filters.patientUserId,
        // Rome calendar days, both included: from its midnight to the next day's.
        from: filters.from ? romeInstant(filters.from, '00:00').toISOString() : undefined,
        to: filters.to ? romeInstant(addRomeDays(filters.to, 1), '00:00').toISOString() : undefined,
      },
      limit,
      await cursor.decode(rawCursor),
    );
    const names = await getUserNames([
      ...new Set(page.notices.flatMap((notice) => [notice.PatientUserId, notice.NutritionistUserId])),
    ]);
    const Data = page.notices.map((notice) => ({
      ...notice,
      PatientName: names.get(notice.PatientUserId)?.DisplayName ?? null,
      NutritionistName: names.get(notice.NutritionistUserId)?.DisplayName ?? null,
    }));
    return { Data, Count: Data.length, NextCursor: await cursor.encode(page.next) };
  },
);
