/**
 * The signed-in nutritionist's bookings (docs/product.md#api, Nutritionist): the lists (home window, bookings
 * page with filters, one patient's), one booking, and the changes (create, cancel with a reason, move,
 * complete). Every change revalidates every booking list and the booking itself.
 */
import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import {
  PAGE_SIZE,
  type BookingStatusId,
  type BookingTypeId,
  type BookingView,
  type CancelReasonId,
  type CreateBookingRequest,
  type CursorPage,
  type PatientPriceView,
} from '@nutri/shared';
import { api, apiPath } from '../../../api/client';
import { useCursorList } from '../../../api/cursor-list';

export const NUTRITIONIST_BOOKINGS_PATH = '/CurrentNutritionist/Bookings';

type BookingsQuery = Record<string, string | number | undefined>;

/** Filters of the bookings page; absent means "any". Dates are Rome calendar dates, `YYYY-MM-DD`. */
export interface BookingFilters {
  statusId?: BookingStatusId | undefined;
  bookingTypeId?: BookingTypeId | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const getBookingsPage = ([path, query]: readonly [string, BookingsQuery]) =>
  api.get<CursorPage<BookingView>>(path, { query });

const isBookingKey = (key: unknown) =>
  (Array.isArray(key) && key[0] === NUTRITIONIST_BOOKINGS_PATH) ||
  (typeof key === 'string' && key.startsWith(NUTRITIONIST_BOOKINGS_PATH));

/**
 * The paged lists on screen. SWR's global `mutate(filter)` skips useSWRInfinite's keys, so after a change
 * each paged list is told to reload all its pages itself.
 */
const pagedListReloaders = new Set<() => void>();

/** The home list: open bookings up to the end of today + 3 days, overdue ones included, soonest first. */
export const useHomeBookings = (options: SWRConfiguration = {}) =>
  useSWR(
    [NUTRITIONIST_BOOKINGS_PATH, { view: 'home', limit: 50 }] as const,
    async (key) => (await getBookingsPage(key)).Data,
    options,
  );

/**
 * Cursor-paged lists (bookings page, one patient's bookings): `loadMore` reads the next page while
 * `hasMore` says the server has one.
 */
const useBookingPages = (query: BookingsQuery | null) => {
  const { items, ...list } = useCursorList(
    query ? NUTRITIONIST_BOOKINGS_PATH : null,
    query ?? {},
    getBookingsPage,
    { reloaders: pagedListReloaders },
  );
  return { ...list, bookings: items ?? [] };
};

/** The bookings page: newest first, 10 per page, with the chosen filters. */
export const useFilteredBookings = (filters: BookingFilters) =>
  useBookingPages({
    view: 'all',
    order: 'desc',
    limit: PAGE_SIZE.patientBookings,
    ...(filters.statusId ? { statusId: filters.statusId } : {}),
    ...(filters.bookingTypeId ? { bookingTypeId: filters.bookingTypeId } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  });

/** One patient's bookings with this nutritionist, newest first. */
export const usePatientBookings = (patientUserId: string | undefined) =>
  useBookingPages(
    patientUserId ? { view: 'all', order: 'desc', limit: PAGE_SIZE.patientBookings, patientUserId } : null,
  );

export const bookingKey = (bookingId: number | string) =>
  apiPath('CurrentNutritionist', 'Bookings', bookingId);

/** One own booking (404 for anyone else's: the page says it was not found, without a toast). */
export const useNutritionistBooking = (bookingId: string | undefined) =>
  useSWR(bookingId ? bookingKey(bookingId) : null, (key: string) => api.get<BookingView>(key), {
    onError: () => undefined,
  });

const patientPriceKey = (patientUserId: string, bookingTypeId: BookingTypeId) =>
  apiPath('CurrentNutritionist', 'Patients', patientUserId, 'Price', bookingTypeId);

/** Price and duration of a type for a patient (read-only in the create dialog). */
export const usePatientPrice = (patientUserId: string | null, bookingTypeId: BookingTypeId | null) =>
  useSWR(
    patientUserId && bookingTypeId ? patientPriceKey(patientUserId, bookingTypeId) : null,
    (key: string) => api.get<PatientPriceView>(key),
  );

/**
 * Whether a user is one of the nutritionist's own patients: the price call answers 404 for anyone else's,
 * so the patient's page can say "not found" instead of showing empty lists.
 */
export const useIsOwnPatient = (patientUserId: string | undefined) =>
  useSWR(
    patientUserId ? patientPriceKey(patientUserId, 2) : null,
    (key: string) => api.get<PatientPriceView>(key),
    { onError: () => undefined },
  );

/** POST CurrentNutritionist/Patients/{id}/SendUrgentChatMessageNotification (the WhatsApp notice). */
export const sendUrgentNotice = async (patientUserId: string): Promise<void> => {
  await api.post(
    apiPath('CurrentNutritionist', 'Patients', patientUserId, 'SendUrgentChatMessageNotification'),
  );
};

export const useBookingMutations = () => {
  const { mutate } = useSWRConfig();
  /** Every booking list and the booking's own key: a change can move it in or out of any list. */
  const refresh = async (booking?: BookingView) => {
    if (booking) await mutate(bookingKey(booking.BookingId), booking, { revalidate: false });
    pagedListReloaders.forEach((reload) => reload());
    await mutate(isBookingKey);
    return booking;
  };
  const post = (bookingId: number, action: string, body?: unknown, query?: Record<string, number>) =>
    api.post<BookingView>(apiPath('CurrentNutritionist', 'Bookings', bookingId, action), body, {
      ...(query ? { query } : {}),
    });
  return {
    create: async (request: CreateBookingRequest) =>
      (await refresh(await api.post<BookingView>(NUTRITIONIST_BOOKINGS_PATH, request)))!,
    cancel: async (bookingId: number, cancelReasonId: CancelReasonId) =>
      (await refresh(await post(bookingId, 'CancelBooking', undefined, { cancelReasonId })))!,
    modifyTime: async (bookingId: number, bookingTime: string) =>
      (await refresh(await post(bookingId, 'ModifyBookingTime', { BookingTime: bookingTime })))!,
    complete: async (bookingId: number) => (await refresh(await post(bookingId, 'Complete')))!,
  };
};
