/**
 * Review moderation (BusinessAdmin): the reviews of one status, 10 per page, the queue oldest first
 * (GET Reviews?status=), and the decisions (POST Reviews/{id}/Approve, POST Reviews/{id}/Reject).
 */
import {
  PAGE_SIZE,
  listResponseSchema,
  moderatedReviewSchema,
  type ModeratedReview,
  type ReviewStatus,
} from '@nutri/shared';
import { api, apiPath } from '../../../../api/client';
import { useCursorList } from '../../../../api/cursor-list';

export const MODERATION_PATH = '/Reviews';
const pageSchema = listResponseSchema(moderatedReviewSchema);

/** Lists on screen, told to reload after a decision (SWR's global mutate skips useSWRInfinite keys). */
const reloaders = new Set<() => void>();

export const useModerationList = (status: ReviewStatus) => {
  const { items, ...list } = useCursorList(
    MODERATION_PATH,
    { status, limit: PAGE_SIZE.patientBookings },
    async ([path, query]) => pageSchema.parse(await api.get(path, { query })),
    { reloaders, onError: () => undefined },
  );
  return { ...list, reviews: items ?? [] };
};

export type ModerationDecision = 'Approve' | 'Reject';

export const moderateReview = async (
  reviewId: string,
  decision: ModerationDecision,
): Promise<ModeratedReview> => {
  const review = moderatedReviewSchema.parse(await api.post(apiPath('Reviews', reviewId, decision)));
  for (const reload of reloaders) reload();
  return review;
};
