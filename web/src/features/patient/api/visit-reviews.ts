/**
 * Reviews of visits: the patient's own review of a completed visit (GET/POST
 * CurrentPatient/Bookings/{id}/Review) and the completed visits still without one
 * (GET CurrentPatient/VisitsToReview, for the home's prompt).
 */
import useSWR, { useSWRConfig } from 'swr';
import type { CreateReviewRequest, ListResponse, OwnReview, VisitToReview } from '@nutri/shared';
import { isApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import { patientBookingKey } from './patient-bookings';

export const VISITS_TO_REVIEW_KEY = '/CurrentPatient/VisitsToReview';
export const visitReviewKey = (bookingId: number | string) => `${patientBookingKey(bookingId)}/Review`;

/** The review of a visit, or null while there is none (the API answers 404 then). */
export const useVisitReview = (bookingId: string | undefined, enabled: boolean) =>
  useSWR<OwnReview | null>(
    bookingId && enabled ? visitReviewKey(bookingId) : null,
    async (key: string) => {
      try {
        return await api.get<OwnReview>(key);
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
    { onError: () => undefined },
  );

export const useVisitsToReview = () =>
  useSWR(
    VISITS_TO_REVIEW_KEY,
    async (key: string) => (await api.get<ListResponse<VisitToReview>>(key)).Data,
    {
      onError: () => undefined,
    },
  );

export const useCreateVisitReview = () => {
  const { mutate } = useSWRConfig();
  return async (bookingId: number, review: CreateReviewRequest) => {
    let created: OwnReview;
    try {
      created = await api.post<OwnReview>(visitReviewKey(bookingId), review);
    } catch (error) {
      // Reviewed meanwhile (another tab): load that review, the page then shows it instead of the form.
      if (isApiError(error, 409)) await mutate(visitReviewKey(bookingId));
      throw error;
    }
    await Promise.all([
      mutate(visitReviewKey(bookingId), created, { revalidate: false }),
      mutate(VISITS_TO_REVIEW_KEY),
    ]);
    return created;
  };
};
