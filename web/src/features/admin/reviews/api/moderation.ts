/**
 * Review moderation (BusinessAdmin): the reviews of one status, 10 per page, the queue oldest first
 * (GET Reviews?status=), and the decisions (POST Reviews/{id}/Approve, POST Reviews/{id}/Reject).
 */
import { useEffect } from 'react';
import useSWRInfinite from 'swr/infinite';
import {
  PAGE_SIZE,
  listResponseSchema,
  moderatedReviewSchema,
  type ModeratedReview,
  type ReviewStatus,
} from '@nutri/shared';
import { api, apiPath } from '../../../../api/client';

export const MODERATION_PATH = '/Reviews';
const pageSchema = listResponseSchema(moderatedReviewSchema);
type Page = ReturnType<typeof pageSchema.parse>;
type PageKey = readonly [string, { status: ReviewStatus; limit: number; cursor?: string }];

/** Lists on screen, told to reload after a decision (SWR's global mutate skips useSWRInfinite keys). */
const reloaders = new Set<() => void>();

export const useModerationList = (status: ReviewStatus) => {
  const pages = useSWRInfinite<Page>(
    (index, previous: Page | null): PageKey | null => {
      if (index > 0 && !previous?.NextCursor) return null;
      return [
        MODERATION_PATH,
        {
          status,
          limit: PAGE_SIZE.patientBookings,
          ...(index > 0 && previous?.NextCursor ? { cursor: previous.NextCursor } : {}),
        },
      ];
    },
    async ([path, query]: PageKey) => pageSchema.parse(await api.get(path, { query })),
    { revalidateFirstPage: true, onError: () => undefined },
  );
  const { mutate } = pages;
  useEffect(() => {
    const reload = () => void mutate();
    reloaders.add(reload);
    return () => {
      reloaders.delete(reload);
    };
  }, [mutate]);
  const last = pages.data?.[pages.data.length - 1];
  return {
    reviews: pages.data?.flatMap((page) => page.Data) ?? [],
    error: pages.error as unknown,
    isLoading: pages.isLoading,
    isLoadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    hasMore: Boolean(last?.NextCursor),
    loadMore: () => pages.setSize(pages.size + 1),
    reload: () => pages.mutate(),
  };
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
