/**
 * The back office's bookings (BusinessAdmin, docs/product.md#back-office-bookings): the filtered list in
 * cursor pages (GET Admin/Bookings), its CSV export (GET Admin/Bookings/Export), one booking with its
 * history and audit trail (GET Admin/Bookings/{id}) and the audited actions (POST .../Cancel, Move,
 * Complete, SendPaymentLink), each answering the booking's new detail.
 */
import useSWR from 'swr';
import {
  ADMIN_BOOKINGS_PAGE_SIZE,
  type AdminBookingDetail,
  type BookingView,
  type CursorPage,
} from '@nutri/shared';
import { api, apiPath } from '../../../../api/client';
import { useCursorList, type CursorQuery } from '../../../../api/cursor-list';
import { saveTextFile } from '../../../../lib/save-file';

export const ADMIN_BOOKINGS_PATH = '/Admin/Bookings';

export interface AdminBookingFilters {
  statusId?: number;
  bookingTypeId?: number;
  nutritionistUserId?: string;
  patientUserId?: string;
  from?: string;
  to?: string;
  paid?: 'true' | 'false';
  order: 'asc' | 'desc';
}

const queryOf = (filters: AdminBookingFilters): CursorQuery =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));

/** Lists on screen, told to reload after an action (SWR's global mutate skips useSWRInfinite keys). */
const reloaders = new Set<() => void>();

export const useAdminBookings = (filters: AdminBookingFilters) => {
  const { items, ...list } = useCursorList<BookingView>(
    ADMIN_BOOKINGS_PATH,
    { ...queryOf(filters), limit: ADMIN_BOOKINGS_PAGE_SIZE },
    async ([path, query]) => api.get<CursorPage<BookingView>>(path, { query }),
    { reloaders, onError: () => undefined },
  );
  return { ...list, bookings: items ?? [] };
};

const detailKey = (bookingId: number) => apiPath('Admin', 'Bookings', bookingId);

export const useAdminBooking = (bookingId: number | null) =>
  useSWR(bookingId === null ? null : detailKey(bookingId), (key: string) => api.get<AdminBookingDetail>(key));

export type AdminBookingAction =
  | { kind: 'Cancel'; CancelReasonId: number; Reason: string }
  | { kind: 'Move'; BookingTime: string; Reason: string }
  | { kind: 'Complete'; Reason: string }
  | { kind: 'SendPaymentLink'; Reason: string };

export const runAdminBookingAction = async (bookingId: number, { kind, ...body }: AdminBookingAction) => {
  const detail = await api.post<AdminBookingDetail>(`${detailKey(bookingId)}/${kind}`, body);
  for (const reload of reloaders) reload();
  return detail;
};

/** The CSV of the filtered set, saved as a file (the request carries the session, so no plain link). */
export const downloadAdminBookingsCsv = async (filters: AdminBookingFilters) => {
  const text = await api.get<string>(`${ADMIN_BOOKINGS_PATH}/Export`, { query: queryOf(filters) });
  saveTextFile(
    text.startsWith('\uFEFF') ? text : `\uFEFF${text}`,
    `appuntamenti-${new Date().toISOString().slice(0, 10)}.csv`,
    'text/csv;charset=utf-8',
  );
};
