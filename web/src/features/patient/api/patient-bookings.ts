/**
 * The signed-in patient's bookings (docs/product.md#api, Patient): the agenda (upcoming BOOKED, COMPLETE and
 * WAITINGFORPAYMENT, soonest first, 10 per page; 3 on the home), one booking, the free slots of their
 * nutritionist, booking a slot and cancelling the introductory visit. Every change revalidates the
 * bookings, the slots and the onboarding step the home shows.
 */
import useSWR, { useSWRConfig } from 'swr';
import { PAGE_SIZE, type BookingView, type CursorPage, type SlotsByDate } from '@nutri/shared';
import { api, apiPath } from '../../../api/client';
import { useCursorList, type CursorListKey } from '../../../api/cursor-list';
import { ONBOARDING_STEP_KEY, PATIENT_HOME_PROFILE_KEY } from '../../onboarding';

export const PATIENT_BOOKINGS_PATH = '/CurrentPatient/Bookings';

/** Which visit a slot is for: the free introductory meeting (30 min) or a paid visit (50 min). */
export type VisitKind = 'intro' | 'paid';

const SLOTS_PATHS: Record<VisitKind, string> = {
  intro: '/CurrentPatient/AvailableSlots/GetSlotsForIntroductionVisit',
  paid: '/CurrentPatient/AvailableSlots/GetSlotsForPaidVisit',
};
const BOOK_PATHS: Record<VisitKind, string> = {
  intro: `${PATIENT_BOOKINGS_PATH}/CreateIntroductionVisitFromCalendarSlot`,
  paid: `${PATIENT_BOOKINGS_PATH}/CreatePaidVisitFromCalendarSlot`,
};

export const slotsKey = (kind: VisitKind) => SLOTS_PATHS[kind];

/** Free slots (Rome date -> `HH:mm` times); the chooser shows its own error, without a toast. */
export const useVisitSlots = (kind: VisitKind, enabled = true) =>
  useSWR<SlotsByDate>(enabled ? slotsKey(kind) : null, (key: string) => api.get<SlotsByDate>(key), {
    onError: () => undefined,
  });

const getBookingsPage = ([path, query]: CursorListKey) => api.get<CursorPage<BookingView>>(path, { query });

/** The home's next 3 bookings. */
export const useNextBookings = () =>
  useSWR(
    [PATIENT_BOOKINGS_PATH, { limit: PAGE_SIZE.patientHomeBookings }] as const,
    async (key) => (await getBookingsPage(key)).Data,
    { onError: () => undefined },
  );

/**
 * The paged lists on screen. SWR's global `mutate(filter)` skips useSWRInfinite's keys, so after a change
 * the agenda is told to reload its pages itself.
 */
const pagedListReloaders = new Set<() => void>();

/** The agenda: 10 per page, `loadMore` reads the next page while `hasMore` says there is one. */
export const useAgenda = () => {
  const { items, ...list } = useCursorList(
    PATIENT_BOOKINGS_PATH,
    { limit: PAGE_SIZE.patientBookings },
    getBookingsPage,
    { reloaders: pagedListReloaders, onError: () => undefined },
  );
  return { ...list, bookings: items ?? [] };
};

export const patientBookingKey = (bookingId: number | string) =>
  apiPath('CurrentPatient', 'Bookings', bookingId);

/** One own booking (404 for anyone else's: the page says it was not found, without a toast). */
export const usePatientBooking = (bookingId: string | undefined, refreshInterval = 0) =>
  useSWR(bookingId ? patientBookingKey(bookingId) : null, (key: string) => api.get<BookingView>(key), {
    onError: () => undefined,
    refreshInterval,
  });

/** Revalidates what a booking change can alter: lists, the booking, slots, the onboarding step. */
export const useBookingRevalidation = () => {
  const { mutate } = useSWRConfig();
  return async (bookingId?: number) => {
    for (const reload of pagedListReloaders) reload();
    await Promise.all([
      mutate((key) => Array.isArray(key) && key[0] === PATIENT_BOOKINGS_PATH),
      mutate(slotsKey('intro')),
      mutate(slotsKey('paid')),
      mutate(ONBOARDING_STEP_KEY),
      mutate(PATIENT_HOME_PROFILE_KEY),
      mutate(INTRO_FLAGS_KEY),
      ...(bookingId !== undefined ? [mutate(patientBookingKey(bookingId))] : []),
    ]);
  };
};

/** Books the slot; 409 when someone took it first (the server's Italian message says so). */
export const bookVisitSlot = async (
  kind: VisitKind,
  slot: { date: string; time: string },
): Promise<{ BookingId: number }> =>
  api.post<{ BookingId: number }>(BOOK_PATHS[kind], { SelectedDate: slot.date, SelectedTime: slot.time });

/** The patient may cancel only their introductory visit, and only while it is BOOKED. */
export const cancelIntroductionVisit = (bookingId: number) =>
  api.post<BookingView>(`${patientBookingKey(bookingId)}/CancelIntroductionVisit`);

const PROFILE_PATH = '/CurrentPatient/Profile';
export const INTRO_FLAGS_KEY = [PROFILE_PATH, { fields: 'HasLateCancelledIc' }] as const;

/** Whether the patient cancelled an introductory visit late: then only the nutritionist can book another. */
export const useHasLateCancelledIntro = () =>
  useSWR(
    INTRO_FLAGS_KEY,
    async ([path, query]) =>
      (await api.get<{ HasLateCancelledIc: boolean }>(path, { query })).HasLateCancelledIc,
    { onError: () => undefined },
  );
