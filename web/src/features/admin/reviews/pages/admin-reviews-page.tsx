/**
 * /Admin/Reviews (BusinessAdmin): patients' reviews of their visits. Nothing is public before an admin
 * approves it here; a published review can be withdrawn and a rejected one published after all.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Center, Group, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  REVIEW_STATUS_LABELS,
  inRome,
  reviewTexts,
  type ModeratedReview,
  type ReviewStatus,
} from '@nutri/shared';
import { isApiError, isNetworkError } from '../../../../api/api-error';
import { errorTexts } from '../../../../lib/shared-values';
import { paths } from '../../../../paths';
import { LoadError } from '../../../../ui/load-error';
import { showErrorToast, showSuccessToast } from '../../../../ui/notify';
import { Page } from '../../../../ui/page';
import { RatingStars } from '../../../../ui/rating-stars';
import { moderateReview, useModerationList, type ModerationDecision } from '../api/moderation';

const TABS: { value: ReviewStatus; label: string; empty: string }[] = [
  { value: 'Pending', label: 'Da moderare', empty: 'Nessuna recensione da moderare.' },
  { value: 'Approved', label: 'Pubblicate', empty: 'Nessuna recensione pubblicata.' },
  { value: 'Rejected', label: 'Rifiutate', empty: 'Nessuna recensione rifiutata.' },
];

function ReviewItem({ review }: { review: ModeratedReview }) {
  const [running, setRunning] = useState<ModerationDecision | null>(null);
  const decide = async (decision: ModerationDecision) => {
    setRunning(decision);
    try {
      await moderateReview(review.ReviewId, decision);
      showSuccessToast(decision === 'Approve' ? reviewTexts.approved : reviewTexts.rejected);
    } catch (error) {
      showErrorToast(
        isNetworkError(error)
          ? errorTexts.connectionProblem
          : ((isApiError(error) ? error.serverMessage : null) ?? errorTexts.cannotSaveData),
      );
    } finally {
      setRunning(null);
    }
  };
  const headingId = `review-${review.ReviewId}`;
  return (
    <Paper withBorder radius="lg" p="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={700} id={headingId}>
            {review.author}
            {review.Nutritionist ? (
              <>
                {' su '}
                <Anchor component={Link} to={paths.admin.nutritionistProfile(review.Nutritionist.UserId)}>
                  {review.Nutritionist.DisplayName}
                </Anchor>
              </>
            ) : null}
          </Text>
          <RatingStars rating={review.Rating} />
        </Group>
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.text}</Text>
        <Text size="sm" c="dimmed">
          Scritta il {review.DateStr}
          {review.BookingId ? ` · appuntamento n. ${review.BookingId}` : ''}
          {review.ModeratedAt
            ? ` · ${REVIEW_STATUS_LABELS[review.Status].toLowerCase()} il ${inRome(review.ModeratedAt).format('DD/MM/YYYY HH:mm')}`
            : ''}
        </Text>
        <Group gap="sm" mt={4}>
          {review.Status !== 'Approved' ? (
            <Button
              size="sm"
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={running === 'Approve'}
              disabled={running !== null}
              onClick={() => void decide('Approve')}
              aria-describedby={headingId}
            >
              {review.Status === 'Rejected' ? 'Pubblica' : 'Approva'}
            </Button>
          ) : null}
          {review.Status !== 'Rejected' ? (
            <Button
              size="sm"
              variant="outline"
              color="red.9"
              leftSection={<IconX size={16} aria-hidden />}
              loading={running === 'Reject'}
              disabled={running !== null}
              onClick={() => void decide('Reject')}
              aria-describedby={headingId}
            >
              {review.Status === 'Approved' ? 'Ritira' : 'Rifiuta'}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

function ReviewList({ status }: { status: ReviewStatus }) {
  const list = useModerationList(status);
  const tab = TABS.find((candidate) => candidate.value === status)!;
  if (list.error && list.reviews.length === 0) return <LoadError onRetry={list.reload} />;
  if (list.isLoading)
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={150} radius="lg" />
        <Skeleton height={150} radius="lg" />
      </Stack>
    );
  if (list.reviews.length === 0) return <Text c="dimmed">{tab.empty}</Text>;
  return (
    <Stack gap="md">
      {list.reviews.map((review) => (
        <ReviewItem key={review.ReviewId} review={review} />
      ))}
      {list.hasMore ? (
        <Center>
          <Button variant="default" onClick={() => void list.loadMore()} loading={list.isLoadingMore}>
            Mostra altre recensioni
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}

export function AdminReviewsPage() {
  const [status, setStatus] = useState<ReviewStatus>('Pending');
  return (
    <Page
      title="Recensioni"
      description="Le recensioni dei pazienti compaiono nel profilo del nutrizionista solo dopo la tua approvazione."
      head={{ noIndex: true }}
      size="md"
    >
      <Stack gap="lg">
        <SegmentedControl
          value={status}
          onChange={setStatus}
          data={TABS.map(({ value, label }) => ({ value, label }))}
          aria-label="Stato delle recensioni"
          fullWidth
          maw={520}
        />
        <ReviewList key={status} status={status} />
      </Stack>
    </Page>
  );
}
