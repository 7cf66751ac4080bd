/**
 * What the nutritionist's chat toolbar reads: the open patient's bookings (docs/product.md#api: chat list,
 * limit 10, by patient, status not cancelled, newest first) and the patient's questionnaire answers.
 */
import useSWR from 'swr';
import type { BookingView, CursorPage } from '@nutri/shared';
import { api } from '../../../api/client';
import { NUTRITIONIST_BOOKINGS_PATH } from '../../bookings';

/** docs/product.md#api: the chat's bookings list shows at most 10. */
export const CHAT_BOOKINGS_LIMIT = 10;

/**
 * The key starts with the bookings path, so creating, cancelling or moving a booking anywhere in the app
 * (the toolbar's own new-booking dialog included) revalidates this list too.
 */
export const useChatPatientBookings = (patientUserId: string | null) =>
  useSWR(
    patientUserId
      ? ([
          NUTRITIONIST_BOOKINGS_PATH,
          {
            view: 'all',
            order: 'desc',
            excludeCancelled: 'true',
            limit: CHAT_BOOKINGS_LIMIT,
            patientUserId,
          },
        ] as const)
      : null,
    async ([path, query]) => (await api.get<CursorPage<BookingView>>(path, { query })).Data,
    { onError: () => undefined },
  );
